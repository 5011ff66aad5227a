import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The floor for a build's output on this machine: writing `files` files of the build's average size,
 * a thousand to a folder, with the same synchronous calls the build uses. Returns seconds. The files are
 * left for the caller to remove at the end: on these disks (ext4 with `discard`) file creation slows for a
 * minute or more after a large deletion, which would time the deletion instead of the writes.
 */
export function measureWriteFloor(folder: string, files: number, bytes: number): number {
  const body = 'x'.repeat(Math.max(1, Math.round(bytes / files)));
  const started = performance.now();
  for (let at = 0; at < files; at += 1) {
    if (at % 1000 === 0) mkdirSync(join(folder, String(at / 1000)), { recursive: true });
    writeFileSync(join(folder, String(Math.floor(at / 1000)), String(at)), body);
  }
  return (performance.now() - started) / 1000;
}
