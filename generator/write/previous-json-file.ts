import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import type { PreviousJsonFile } from '../changes/manifest-json.ts';

/** The previous manifest file where it lies (see PreviousJsonFile), as describeFile found it. */
export function previousJsonFile(path: string, { length, ascii }: { length: number; ascii: boolean }): PreviousJsonFile {
  return {
    length,
    ascii,
    holds: (at, mark) => {
      const bytes = Buffer.alloc(mark.length);
      try {
        const handle = openSync(path, 'r');
        try {
          return readSync(handle, bytes, 0, bytes.length, at) === bytes.length && bytes.toString('latin1') === mark;
        } finally {
          closeSync(handle);
        }
      } catch {
        return false;
      }
    },
    bytes: () => readFileSync(path),
  };
}
