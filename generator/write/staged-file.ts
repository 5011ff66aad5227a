import { isAscii } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { DownloadFile, PreviousStretch } from '../emit/download-files.ts';
import { contentHashOf } from '../text/content-hash.ts';
import { targetPath } from './target-path.ts';

const STAGED = /^\.staged-\d+-/;
// Stretches of the previous file pass through a buffer this size: the file is never read whole.
const STRETCH_BUFFER = 1 << 20;

/**
 * A large file an update makes early, written under a temporary name beside its place and hashed while the update
 * goes on; updateInPlace renames it into place with the rest, inside its marker. Its parts are bytes made now and
 * stretches of the file at its place (the previous build's), copied a megabyte at a time.
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
    this.hash = writeParts(this.temporary, target, file.parts);
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

/** A file on disk read a megabyte at a time: its hash (see contentHash), length, and whether it is all ASCII. */
export async function describeFile(path: string): Promise<{ hash: string; length: number; ascii: boolean } | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(STRETCH_BUFFER);
    let length = 0;
    let ascii = true;
    for (let read = await handle.read(buffer, 0, buffer.length); read.bytesRead > 0; read = await handle.read(buffer, 0, buffer.length)) {
      const bytes = buffer.subarray(0, read.bytesRead);
      hash.update(bytes);
      length += bytes.length;
      ascii &&= isAscii(bytes);
    }
    return { hash: contentHashOf(hash), length, ascii };
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

async function writeParts(temporary: string, previous: string, parts: DownloadFile['parts']): Promise<string> {
  const hash = createHash('sha256');
  const out = await open(temporary, 'w');
  let from: FileHandle | undefined;
  // One buffer for every stretch of the file (a new megabyte for each would be fresh memory each time).
  let buffer: Buffer | undefined;
  try {
    for (const part of parts) {
      if (part instanceof Uint8Array) {
        await writeAll(out, hash, part);
        continue;
      }
      from ??= await open(previous, 'r');
      buffer ??= Buffer.allocUnsafe(STRETCH_BUFFER);
      await copyStretch(from, out, hash, part, buffer);
    }
  } finally {
    await from?.close();
    await out.close();
  }
  return contentHashOf(hash);
}

async function copyStretch(from: FileHandle, out: FileHandle, hash: Hash, { start, length }: PreviousStretch, buffer: Buffer): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesRead } = await from.read(buffer, 0, Math.min(buffer.length, length - done), start + done);
    if (bytesRead === 0) throw new Error(`the previous file ended ${length - done} bytes before the stretch it was to give`);
    await writeAll(out, hash, buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
}

async function writeAll(out: FileHandle, hash: Hash, bytes: Uint8Array): Promise<void> {
  hash.update(bytes);
  for (let done = 0; done < bytes.length; ) done += (await out.write(bytes, done, bytes.length - done)).bytesWritten;
}

/** Removes what an update stopped before renaming left in a folder of staged files. */
export function removeStaleStaged(outDir: string, folder: string): void {
  try {
    for (const name of readdirSync(targetPath(outDir, folder))) if (STAGED.test(name)) rmSync(targetPath(outDir, `${folder}/${name}`), { force: true });
  } catch {
    // No such folder yet.
  }
}
