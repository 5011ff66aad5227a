import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Reads bytes of a file from `position` into `target`, returning how many: fewer where the file ends, and only as
 * many as were read where it is gone or cannot be read (what was not read compares as changed, wherever it is used).
 */
export function readAt(path: string, target: Uint8Array, position: number): number {
  let fd: number | undefined;
  let read = 0;
  try {
    fd = openSync(path, 'r');
    while (read < target.length) {
      const got = readSync(fd, target, read, target.length - read, position + read);
      if (got === 0) break;
      read += got;
    }
  } catch {
    // Counted as read so far.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return read;
}
