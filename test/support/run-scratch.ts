// Vitest's first global setup: the run's scratch folders (os.tmpdir(), which the tests, their threads and the
// processes they start all use) go in one folder of the run's own, removed when the run ends, and in memory where
// the system keeps a tmpfs with room. The suite makes and deletes hundreds of thousands of small files: on a disk
// file system the kernel's share of that was a quarter of the run's CPU time (2 min 11 s of 8 min), against
// 1 min 3 s in memory, and the run took 277 s against 248 s (docs/performance.md).
import { mkdirSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Linux's shared memory folder: a tmpfs wherever it exists.
const MEMORY_FOLDER = '/dev/shm';
// The most the run holds there at once is a few hundred megabytes; room for ten times that is asked for.
const ROOM_BYTES = 2 * 1024 ** 3;

/** Where the run's folder goes: a TMPDIR the user set, otherwise memory when it has room, otherwise the system's folder. */
export function scratchBase(env: NodeJS.ProcessEnv = process.env, systemFolder = tmpdir()): string {
  if (env.TMPDIR) return env.TMPDIR;
  try {
    const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
    if (statSync(MEMORY_FOLDER).isDirectory() && bavail * bsize >= ROOM_BYTES) {
      // Made here: a folder that cannot be written in fails the check, and the system's is used.
      const probe = mkdtempSync(join(MEMORY_FOLDER, 'folio-static-api-test-'));
      rmSync(probe, { recursive: true });
      return MEMORY_FOLDER;
    }
  } catch {
    // No such folder, or not one this user may write in.
  }
  return systemFolder;
}

export default function setup(): () => void {
  const base = scratchBase();
  mkdirSync(base, { recursive: true });
  const folder = mkdtempSync(join(base, 'folio-static-api-test-'));
  process.env.TMPDIR = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
