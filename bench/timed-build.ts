import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { waitForIdleDisk } from './disk-idle.ts';
import { fileCreationMicroseconds } from './file-creation.ts';
import { generateFolioShaped } from './folio-shaped/generate.ts';
import { SubprocessWatch, type WatchedTree } from './subprocess-watch.ts';

export interface TimedBuild {
  seconds: number;
  stdout: string;
  peakRssMb: number;
  /** User and system CPU seconds of the build process (all its threads): steadier than wall time on a shared disk. */
  cpuSeconds: number;
  /** Of those, the system's: mostly the kernel handing out memory the process touches for the first time. */
  systemSeconds: number;
  /** Minor page faults: pages of memory the process touched for the first time (4 kB each, 2 MB for a huge page). */
  minorFaults: number;
  /** Pagefind's process (the whole site's full-text index), a process of its own beside the build's: its peak memory is apart. */
  pagefind: WatchedTree;
  waitedSeconds: number;
  /** The work folder (ontology, output); the caller removes it with `done`. */
  work: string;
  done(): void;
  /** The first line of the build's summary that matches, or "(not reported)". */
  line(pattern: RegExp): string;
  /** Edits the ontology file and runs the same build again into the same folder. */
  again(edit: (text: string) => string): Promise<TimedBuild>;
}

/**
 * The options `npm run build` gives node (package.json's build script), so the build is timed as users run it.
 * The bench runs the TypeScript entry (build.ts) with them, as a user runs it by hand: it starts the launcher
 * the script runs (build.js) after Node's TypeScript stripper, so it is the slower of the two by 40–70 ms.
 */
export const BUILD_NODE_OPTIONS: string[] = (() => {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.build;
  const options = /^node((?:\s+--\S+)*)\s+generator\/cli\/build\.js$/.exec(script);
  if (!options) throw new Error(`package.json's build script is not "node [options] generator/cli/build.js": ${script}`);
  return options[1]
    .trim()
    .split(/\s+/)
    .filter((option) => option !== '');
})();

export const MACHINE = `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${freshMemoryRate()}; ${fileCreationRate()}`;

/**
 * How fast the machine hands out memory a process has not touched before, which some virtual machines do slowly
 * (they give memory back to their host when it is freed, and each page then costs a fault to get back): a build
 * touches hundreds of megabytes, so figures from machines that differ here differ for that reason alone.
 */
function freshMemoryRate(): string {
  const megabytes = 128;
  const started = performance.now();
  Buffer.allocUnsafeSlow(megabytes * 2 ** 20).fill(1);
  const seconds = (performance.now() - started) / 1000;
  return `fresh memory filled at ${(megabytes / seconds).toFixed(0)} MB/s (${megabytes} MB in ${(seconds * 1000).toFixed(0)} ms)`;
}

/** fileCreationMicroseconds where the builds write, as the bench prints it. */
export function fileCreationRate(): string {
  return `a new file made in ${fileCreationMicroseconds(tmpdir()).toFixed(0)} µs`;
}

/**
 * Times `npm run build` as a user runs it — its own process, on a generated full-scale FOLIO-shaped
 * ontology, into a fresh folder — once the disk is idle. Exits the bench if the build fails.
 */
export async function timedBuild(name: string, args: string[]): Promise<TimedBuild> {
  const work = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const ontology = join(work, 'folio-shaped.owl');
  writeFileSync(ontology, generateFolioShaped());
  return runTimed(work, ontology, args);
}

async function runTimed(work: string, ontology: string, args: string[]): Promise<TimedBuild> {
  const timer = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'peak-rss-kb %M cpu-s %U %S minor-faults %R'] : [];
  const command = [...timer, process.execPath, ...BUILD_NODE_OPTIONS, 'generator/cli/build.ts', '--ontology', ontology, '--out', join(work, 'out'), ...args];
  const waitedSeconds = await waitForIdleDisk();
  const started = performance.now();
  const run = await runWatched(command);
  const seconds = (performance.now() - started) / 1000;
  const done = () => rmSync(work, { recursive: true, force: true });
  if (run.status !== 0) {
    done();
    process.stderr.write(`${run.stderr}\nbuild failed\n`);
    process.exit(1);
  }
  return {
    seconds,
    stdout: run.stdout,
    peakRssMb: Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1] ?? 0) / 1024,
    ...cpuTimes(run.stderr),
    minorFaults: Number(/minor-faults (\d+)/.exec(run.stderr)?.[1] ?? 0),
    pagefind: run.pagefind,
    waitedSeconds,
    work,
    done,
    line: (pattern) => run.stdout.match(pattern)?.[0] ?? '(not reported)',
    again: (edit) => {
      writeFileSync(ontology, edit(readFileSync(ontology, 'utf8')));
      return runTimed(work, ontology, args);
    },
  };
}

/** Runs the command to its end, its output gathered, while Pagefind's process below it is watched. */
function runWatched(command: string[]): Promise<{ status: number | null; stdout: string; stderr: string; pagefind: WatchedTree }> {
  return new Promise((resolve, reject) => {
    // Each build in its own process: no build server outlives the bench (served rebuilds are timed apart, served-rebuilds.ts).
    const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FOLIO_BUILD_SERVER: '0' };
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const watch = new SubprocessWatch(child.pid ?? 0, 'pagefind');
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, pagefind: watch.stop() }));
  });
}

/** The build's CPU time as /usr/bin/time reported it: user and system together, and the system's alone. */
function cpuTimes(stderr: string): { cpuSeconds: number; systemSeconds: number } {
  const [, user, system] = /cpu-s ([\d.]+) ([\d.]+)/.exec(stderr) ?? [];
  return { cpuSeconds: Number(user ?? 0) + Number(system ?? 0), systemSeconds: Number(system ?? 0) };
}
