import { readFileSync } from 'node:fs';
import type { PreviousJsonFile } from '../changes/manifest-json.ts';
import { readAt } from './read-at.ts';

/** The previous manifest file where it lies (see PreviousJsonFile), as describeFile found it. */
export function previousJsonFile(path: string, { length, ascii }: { length: number; ascii: boolean }): PreviousJsonFile {
  return {
    length,
    ascii,
    holds: (at, mark) => {
      const bytes = Buffer.alloc(mark.length);
      return readAt(path, bytes, at) === bytes.length && bytes.toString('latin1') === mark;
    },
    bytes: () => readFileSync(path),
  };
}
