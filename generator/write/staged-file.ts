import { mkdirSync, readdirSync, rmSync, writeFile } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { OutputFile } from '../emit/emit-api.ts';
import { contentHashAside } from '../text/content-hash.ts';
import { targetPath } from './target-path.ts';

const STAGED = /^\.staged-\d+-/;

/**
 * A large file an update makes early, written under a temporary name beside its place and hashed on libuv's
 * threads while the update goes on; updateInPlace renames it into place with the rest, inside its marker.
 */
export class StagedFile {
  readonly path: string;
  readonly temporary: string;
  readonly hash: Promise<string>;
  readonly written: Promise<void>;

  constructor(outDir: string, file: OutputFile) {
    const bytes = file.encoded ?? Buffer.from(file.contents);
    const target = targetPath(outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    this.path = file.path;
    this.temporary = `${dirname(target)}/.staged-${process.pid}-${basename(target)}`;
    // One write call for the whole file (the promise API writes it in many, each waiting for this thread).
    this.written = new Promise((resolve, reject) => writeFile(this.temporary, bytes, (error) => (error ? reject(error) : resolve())));
    this.hash = contentHashAside(bytes);
    // Awaited before the rename; a failed update removes the file (see discard).
    this.written.catch(() => {});
    this.hash.catch(() => {});
  }

  /** Removes the temporary file, once nothing writes it any more. */
  async discard(): Promise<void> {
    await this.written.catch(() => {});
    rmSync(this.temporary, { force: true });
  }
}

/** Removes what an update stopped before renaming left in a folder of staged files. */
export function removeStaleStaged(outDir: string, folder: string): void {
  try {
    for (const name of readdirSync(targetPath(outDir, folder))) if (STAGED.test(name)) rmSync(targetPath(outDir, `${folder}/${name}`), { force: true });
  } catch {
    // No such folder yet.
  }
}
