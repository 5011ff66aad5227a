import { existsSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceCopier, SourceCopy } from '../load/file-bytes.ts';
import { readAt } from './read-at.ts';
import { SideFiles } from './side-files.ts';

/** Copies of the files a build cut into blocks (see recutSource), beside the cache. */
export const SOURCE_COPIES = new SideFiles('source', 'bytes');

/**
 * Copies of the files a build cut into blocks, kept beside its cache for the next build to compare with (see
 * recutSource): made before the files were read (see SourceCopying), or written from their bytes as soon as they
 * were read, so the cache's own write at the end need not wait for them.
 */
export class SourceCopies {
  readonly names: string[];
  /** Settles once every copy is in place. */
  readonly written: Promise<void>;

  /** `sources`: each file's bytes to write, or the copy of it made in `folder` already. */
  constructor(folder: string, sources: readonly (Uint8Array | SourceCopy)[]) {
    // A copy named for this cache must lie beside it (a cache read back elsewhere has its copies there, not here).
    const elsewhere = sources.find((source): source is SourceCopy => !(source instanceof Uint8Array) && source.path !== join(folder, source.name));
    if (elsewhere) throw new Error(`internal error: a copy of a source named for the cache in ${folder} lies elsewhere (${elsewhere.name})`);
    const bytes = sources.filter((source) => source instanceof Uint8Array);
    const { names, written } = SOURCE_COPIES.write(folder, bytes);
    let next = 0;
    this.names = sources.map((source) => (source instanceof Uint8Array ? names[next++] : source.name));
    this.written = written;
  }
}

/** A copy read back a stretch at a time: the next build compares the file with it without holding it in memory. */
export class SourceCopyFile implements SourceCopy {
  readonly name: string;
  readonly path: string;
  readonly length: number;

  constructor(folder: string, name: string) {
    this.name = name;
    this.path = join(folder, name);
    this.length = statSync(this.path).size;
  }

  /** A copy gone or cut short since it was named reads short: what it no longer holds compares as changed. */
  read(target: Uint8Array, position: number): number {
    return readAt(this.path, target, position);
  }
}

/**
 * The copies a build makes of its files before it reads them (by the system, not read by this process), beside the
 * cache in `folder`: what the build then reads. A build that fails discards them, and the folder too where it made
 * it and left it empty, so a refused input leaves nothing beside the output.
 */
export class SourceCopying {
  readonly copy: SourceCopier;
  readonly #folder: string;
  readonly #folderExisted: boolean;
  readonly #copies: Promise<string>[] = [];

  constructor(folder: string) {
    this.#folder = folder;
    this.#folderExisted = existsSync(folder);
    this.copy = async (path) => {
      const copied = SOURCE_COPIES.copy(folder, path);
      this.#copies.push(copied);
      return new SourceCopyFile(folder, await copied);
    };
  }

  /** Removes the copies made (once those under way are made). */
  async discard(): Promise<void> {
    for (const copied of await Promise.allSettled(this.#copies)) {
      if (copied.status === 'fulfilled') rmSync(join(this.#folder, copied.value), { force: true });
    }
    if (!this.#folderExisted && existsSync(this.#folder) && readdirSync(this.#folder).length === 0) rmdirSync(this.#folder);
  }
}

/** The copies a cache file names, in its order; undefined if any is missing. */
export function namedCopies(folder: string, names: readonly string[]): SourceCopyFile[] | undefined {
  try {
    return names.map((name) => new SourceCopyFile(folder, name));
  } catch {
    return undefined;
  }
}
