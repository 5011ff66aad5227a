import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Named afresh by every build, so a cache file never names a copy another build wrote over.
const COPY = /^source-[\w-]+\.bytes$/;

/** A name for a copy of a source's bytes, kept beside the cache file that names it. */
export function copyName(): string {
  return `source-${randomUUID()}.bytes`;
}

/** The copies a cache file names, read back; undefined if any is missing. */
export async function readCopies(folder: string, names: readonly string[]): Promise<Uint8Array[] | undefined> {
  try {
    return await Promise.all(names.map((name) => readFile(join(folder, name))));
  } catch {
    return undefined;
  }
}

/** Removes the copies the cache file in place does not name (the previous build's, or a failed build's). */
export function removeOtherCopies(folder: string, kept: readonly string[]): void {
  const names = new Set(kept);
  for (const name of readdirSync(folder)) if (COPY.test(name) && !names.has(name)) rmSync(join(folder, name), { force: true });
}
