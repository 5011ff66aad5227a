import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from './atomic-write.ts';

// Named afresh by every build, so a cache file never names a copy another build wrote over.
const COPY = /^source-[\w-]+\.bytes$/;

/**
 * Copies of the files a build cut into blocks, kept beside its cache for the next build to compare with (see
 * recutSource). Written as soon as the files are read, so the cache's own write at the end need not wait for them.
 */
export class SourceCopies {
  readonly names: string[];
  /** Settles once every copy is in place. */
  readonly written: Promise<void>;

  constructor(folder: string, sources: readonly Uint8Array[]) {
    mkdirSync(folder, { recursive: true });
    this.names = sources.map(() => `source-${randomUUID()}.bytes`);
    this.written = Promise.all(sources.map((bytes, at) => writeAtomically(join(folder, this.names[at]), bytes))).then(() => {});
    // Awaited before the cache file is written; a build that fails first leaves them for the next to remove.
    this.written.catch(() => {});
  }
}

/** Every copy in the folder, being read: the cache file, once read, says which of them are its own. */
export function readAllCopies(folder: string): Map<string, Promise<Uint8Array | undefined>> {
  if (!existsSync(folder)) return new Map();
  const names = readdirSync(folder).filter((name) => COPY.test(name));
  return new Map(names.map((name) => [name, readFile(join(folder, name)).catch(() => undefined)]));
}

/** The copies a cache file names, from those being read; undefined if any is missing. */
export async function copiesNamed(reading: ReadonlyMap<string, Promise<Uint8Array | undefined>>, names: readonly string[]): Promise<Uint8Array[] | undefined> {
  const copies = await Promise.all(names.map((name) => reading.get(name)));
  return copies.every((copy) => copy !== undefined) ? (copies as Uint8Array[]) : undefined;
}

/** Removes the copies the cache file in place does not name (the previous build's, or a failed build's). */
export function removeOtherCopies(folder: string, kept: readonly string[]): void {
  const names = new Set(kept);
  for (const name of readdirSync(folder)) if (COPY.test(name) && !names.has(name)) rmSync(join(folder, name), { force: true });
}
