import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How long making an empty file takes in `parent`, in microseconds: on an ext4 without a journal it rises tenfold
 * and more after many deletions (each new file scans past the inodes freed lately), and a rebuild makes a hundred
 * or so, so figures timed in that state differ for that reason alone.
 */
export function fileCreationMicroseconds(parent: string, count = 1000): number {
  const folder = mkdtempSync(join(parent, 'bench-files-'));
  try {
    const started = performance.now();
    for (let at = 0; at < count; at += 1) closeSync(openSync(join(folder, String(at)), 'w'));
    return ((performance.now() - started) * 1000) / count;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
