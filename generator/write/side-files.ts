// Files a build keeps beside its cache file, each named afresh (`<kind>-<uuid>.<extension>`) so that a cache file
// never names one another build wrote over: written before the cache file that names them, read back by the name
// it gives, and removed once a cache file no longer names them.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyAtomically, writeAtomically } from './atomic-write.ts';

/** One kind of side file: the start and end of its names. */
export class SideFiles {
  readonly #pattern: RegExp;
  readonly #kind: string;
  readonly #extension: string;

  constructor(kind: string, extension: string) {
    this.#kind = kind;
    this.#extension = extension;
    this.#pattern = new RegExp(`^${kind}-[\\w-]+\\.${extension}$`);
  }

  /** Writes each of the contents (its bytes, or its parts) under a name of its own; `written` settles once all are in place. */
  write(folder: string, contents: readonly (Uint8Array | readonly Uint8Array[])[]): { names: string[]; written: Promise<void> } {
    mkdirSync(folder, { recursive: true });
    const names = contents.map(() => this.#newName());
    const written = Promise.all(contents.map((bytes, at) => writeAtomically(join(folder, names[at]), bytes))).then(() => {});
    // Awaited before the cache file is written; a build that fails first leaves them for the next to remove.
    written.catch(() => {});
    return { names, written };
  }

  /** A copy of the file at `path` under a name of its own, once it is in place. */
  async copy(folder: string, path: string): Promise<string> {
    mkdirSync(folder, { recursive: true });
    const name = this.#newName();
    await copyAtomically(path, join(folder, name));
    return name;
  }

  #newName(): string {
    return `${this.#kind}-${randomUUID()}.${this.#extension}`;
  }

  /** Every file of this kind in the folder, being read: the cache file, once read, says which of them are its own. */
  readAll(folder: string): Map<string, Promise<Uint8Array | undefined>> {
    if (!existsSync(folder)) return new Map();
    const names = readdirSync(folder).filter((name) => this.#pattern.test(name));
    return new Map(names.map((name) => [name, readFile(join(folder, name)).catch(() => undefined)]));
  }

  /** Removes the files of this kind the cache file in place does not name (the previous build's, or a failed build's). */
  removeOthers(folder: string, kept: readonly string[]): void {
    const names = new Set(kept);
    for (const name of readdirSync(folder)) if (this.#pattern.test(name) && !names.has(name)) rmSync(join(folder, name), { force: true });
  }
}
