import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ByteStretches } from '../load/recut-source.ts';
import { readAt } from './read-at.ts';
import { SideFiles } from './side-files.ts';

/** Copies of the files a build cut into blocks (see recutSource), beside the cache. */
export const SOURCE_COPIES = new SideFiles('source', 'bytes');

/**
 * Copies of the files a build cut into blocks, kept beside its cache for the next build to compare with (see
 * recutSource). Written as soon as the files are read, so the cache's own write at the end need not wait for them.
 */
export class SourceCopies {
  readonly names: string[];
  /** Settles once every copy is in place. */
  readonly written: Promise<void>;

  constructor(folder: string, sources: readonly Uint8Array[]) {
    ({ names: this.names, written: this.written } = SOURCE_COPIES.write(folder, sources));
  }
}

/** A copy read back a stretch at a time: the next build compares the file with it without holding it in memory. */
export class SourceCopyFile implements ByteStretches {
  readonly length: number;
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
    this.length = statSync(path).size;
  }

  /** A copy gone or cut short since it was named reads short: what it no longer holds compares as changed. */
  read(target: Uint8Array, position: number): number {
    return readAt(this.#path, target, position);
  }
}

/** The copies a cache file names, in its order; undefined if any is missing. */
export function namedCopies(folder: string, names: readonly string[]): SourceCopyFile[] | undefined {
  try {
    return names.map((name) => new SourceCopyFile(join(folder, name)));
  } catch {
    return undefined;
  }
}
