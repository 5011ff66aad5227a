import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 100;

/** What a watched process used, as last seen. */
export interface WatchedProcess {
  cpuSeconds: number;
  peakRssMb: number;
}

/** The watched processes, and the most memory the whole tree below the root held at one time. */
export interface WatchedTree extends WatchedProcess {
  /** The largest sum, over one sample, of the resident memory of every process below the root. */
  treePeakRssMb: number;
}

/**
 * Samples, every 100 ms from /proc, the processes below `root` whose name starts with `name`: their CPU time
 * (all threads) and peak resident memory. For Pagefind's process, whose memory GNU time does not add to the
 * build's (it reports the larger of the two). Also the memory of the whole tree at each sample, summed: what
 * the build and Pagefind hold at the same time. The last 100 ms of a process can be missed.
 */
export class SubprocessWatch {
  readonly #seen = new Map<number, WatchedProcess>();
  readonly #timer: NodeJS.Timeout;
  #treePeakKb = 0;

  constructor(root: number, name: string) {
    this.#timer = setInterval(() => {
      let treeKb = 0;
      for (const pid of descendants(root)) {
        treeKb += residentKb(pid);
        const sample = readProcess(pid, name);
        const before = this.#seen.get(pid);
        // A process that has ended but is not yet waited for still tells its CPU time, but no longer its memory.
        if (sample) this.#seen.set(pid, { cpuSeconds: sample.cpuSeconds, peakRssMb: Math.max(sample.peakRssMb, before?.peakRssMb ?? 0) });
      }
      this.#treePeakKb = Math.max(this.#treePeakKb, treeKb);
    }, SAMPLE_MS);
  }

  /** Stops sampling; the processes seen, summed (CPU) and the largest (memory), and the tree's peak. */
  stop(): WatchedTree {
    clearInterval(this.#timer);
    const seen = [...this.#seen.values()];
    return {
      cpuSeconds: seen.reduce((sum, process) => sum + process.cpuSeconds, 0),
      peakRssMb: Math.max(0, ...seen.map((process) => process.peakRssMb)),
      treePeakRssMb: this.#treePeakKb / 1024,
    };
  }
}

/** A process's resident memory now (0 once it has ended). */
function residentKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function descendants(root: number): number[] {
  const found = [root];
  for (let at = 0; at < found.length; at += 1) found.push(...children(found[at]));
  return found.slice(1);
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // Gone since it was listed.
    return [];
  }
}

function readProcess(pid: number, name: string): WatchedProcess | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (!stat.slice(stat.indexOf('(') + 1).startsWith(name)) return undefined;
    // Fields after the name: state is the first, utime and stime the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const peakKb = Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, peakRssMb: peakKb / 1024 };
  } catch {
    return undefined;
  }
}
