import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { DownloadFile } from '../emit/download-files.ts';
import { fileThread } from './file-thread.ts';
import { packParts, type FileDescription } from './file-work.ts';
import { targetPath } from './target-path.ts';

const STAGED = /^\.staged-\d+-/;

export type { FileDescription } from './file-work.ts';

/**
 * A large file an update makes early, written under a temporary name beside its place and hashed on the file thread
 * while the update goes on; updateInPlace renames it into place with the rest, inside its marker. Its parts are bytes
 * made now and stretches of the file at its place (the previous build's), copied a megabyte at a time.
 */
export class StagedFile {
  readonly path: string;
  readonly temporary: string;
  /** The file's hash (see contentHash), once it is written. */
  readonly hash: Promise<string>;
  readonly written: Promise<void>;

  constructor(outDir: string, file: DownloadFile) {
    const target = targetPath(outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    this.path = file.path;
    this.temporary = `${dirname(target)}/.staged-${process.pid}-${basename(target)}`;
    this.hash = fileThread().stage(this.temporary, target, packParts(file.parts));
    this.written = this.hash.then(() => {});
    // Awaited before the rename; a failed update removes the file (see discard).
    this.hash.catch(() => {});
    this.written.catch(() => {});
  }

  /** Removes the temporary file, once nothing writes it any more. */
  async discard(): Promise<void> {
    await this.written.catch(() => {});
    rmSync(this.temporary, { force: true });
  }
}

/** The hash of a file on disk (see contentHash), read a megabyte at a time; undefined when it cannot be read. */
export async function hashOfFile(path: string): Promise<string | undefined> {
  return (await describeFile(path))?.hash;
}

/**
 * A file on disk read a megabyte at a time, on the file thread: its hash (see contentHash), length, and whether it is
 * all ASCII; undefined when it cannot be read. Asked for as the build starts, it is answered while the model is made;
 * a first build, with no such file, starts no thread for it.
 */
export async function describeFile(path: string): Promise<FileDescription | undefined> {
  if (!existsSync(path)) return undefined;
  return fileThread()
    .describe(path)
    .catch(() => undefined);
}

/** Removes what an update stopped before renaming left in a folder of staged files. */
export function removeStaleStaged(outDir: string, folder: string): void {
  try {
    for (const name of readdirSync(targetPath(outDir, folder))) if (STAGED.test(name)) rmSync(targetPath(outDir, `${folder}/${name}`), { force: true });
  } catch {
    // No such folder yet.
  }
}
