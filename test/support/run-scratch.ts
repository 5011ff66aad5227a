// Vitest's first global setup: the run's scratch folders (os.tmpdir(), which the tests, their threads and the
// processes they start all use) go in one folder of the run's own, removed when the run ends, and in memory where
// the system keeps a tmpfs with room. The suite makes and deletes hundreds of thousands of small files: on a disk
// file system the kernel's share of that was a quarter of the run's CPU time (2 min 11 s of 8 min), against
// 1 min 3 s in memory, and the run took 277 s against 248 s (docs/performance.md).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning } from '../../generator/write/output-folder.ts';

// Linux's shared memory folder: a tmpfs wherever it exists.
const MEMORY_FOLDER = '/dev/shm';
// A run's folder: `folio-static-api-test-<pid of the run>-<random>`.
const PREFIX = 'folio-static-api-test-';
const RUN_FOLDER = /^folio-static-api-test-(\d+)-/;
// The most the run holds there at once is a few hundred megabytes; room for ten times that is asked for.
const ROOM_BYTES = 2 * 1024 ** 3;

/** Where the run's folder goes: a TMPDIR the user set, otherwise memory when it has room, otherwise the system's folder. */
export function scratchBase(env: NodeJS.ProcessEnv = process.env, systemFolder = tmpdir()): string {
  if (env.TMPDIR) return env.TMPDIR;
  try {
    const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
    if (statSync(MEMORY_FOLDER).isDirectory() && bavail * bsize >= ROOM_BYTES) {
      // Made here: a folder that cannot be written in fails the check, and the system's is used.
      const probe = mkdtempSync(join(MEMORY_FOLDER, `${PREFIX}probe-`));
      rmSync(probe, { recursive: true });
      return MEMORY_FOLDER;
    }
  } catch {
    // No such folder, or not one this user may write in.
  }
  return systemFolder;
}

/** The folders of runs whose process is gone (stopped before their end, Ctrl-C): in memory, they would hold it until a reboot. */
export function removeAbandonedRuns(base: string, running: (pid: number) => boolean = isRunning): void {
  for (const name of readdirSync(base)) {
    const pid = RUN_FOLDER.exec(name)?.[1];
    if (pid === undefined || running(Number(pid))) continue;
    try {
      rmSync(join(base, name), { recursive: true, force: true });
    } catch {
      // Another user's, in a shared folder: theirs to remove.
    }
  }
}

export default function setup(): () => void {
  const base = scratchBase();
  mkdirSync(base, { recursive: true });
  removeAbandonedRuns(base);
  const folder = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  process.env.TMPDIR = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
