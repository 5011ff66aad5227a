import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readAt } from './read-at.ts';

/**
 * The previous build's output files, read only where and as much as an update asks: an update compares a few rows
 * of a file it may keep (the live query corpus: 9 MB at FOLIO's scale, of which a one-label edit changes one file).
 */
export class PreviousOutputFiles {
  readonly #folder: string;

  constructor(folder: string) {
    this.#folder = folder;
  }

  /** The file's bytes, or undefined where there is none. */
  read(path: string): Uint8Array | undefined {
    try {
      return readFileSync(join(this.#folder, path));
    } catch {
      return undefined;
    }
  }

  /** The file's length in bytes, or undefined where there is none. */
  size(path: string): number | undefined {
    return statSync(join(this.#folder, path), { throwIfNoEntry: false })?.size;
  }

  /** `length` bytes of the file from `position`, or undefined where it holds fewer. */
  readAt(path: string, position: number, length: number): Uint8Array | undefined {
    const bytes = Buffer.allocUnsafe(length);
    return readAt(join(this.#folder, path), bytes, position) === length ? bytes : undefined;
  }
}
