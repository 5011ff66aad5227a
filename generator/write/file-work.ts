// What the file thread does (see file-thread.ts), synchronously: write a staged file from its parts, or read a
// previous file to hash it, a megabyte at a time. Off the build's own thread, it goes on while the build runs its long stages.
import { isAscii } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { PreviousStretch } from '../emit/download-files.ts';
import { contentHashOf } from '../text/content-hash.ts';

// Files pass through a buffer this size: none is ever read whole.
export const STRETCH_BUFFER = 1 << 20;

/**
 * A staged file's parts, as they cross to the file thread: its new bytes end to end in one buffer, and in order,
 * a stretch of that buffer (`own`) or of the previous file.
 */
export interface PackedParts {
  bytes: Uint8Array;
  pieces: { own: boolean; start: number; length: number }[];
}

/** A file as describeFileNow reads it: its hash (see contentHash), length, and whether it is all ASCII. */
export interface FileDescription {
  hash: string;
  length: number;
  ascii: boolean;
}

/** A request to the file thread, and its answer. */
export type FileRequest =
  | { id: number; type: 'stage'; temporary: string; previous: string; parts: PackedParts }
  | { id: number; type: 'describe'; path: string };

export type FileReply =
  | { id: number; type: 'staged'; hash: string }
  | { id: number; type: 'described'; description: FileDescription | undefined }
  | { id: number; type: 'failed'; message: string; code?: string };

/** The parts packed into one buffer (one transfer, not a clone of each part's backing memory). */
export function packParts(parts: readonly (Uint8Array | PreviousStretch)[]): PackedParts {
  const total = parts.reduce((sum, part) => sum + (part instanceof Uint8Array ? part.length : 0), 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  const pieces = parts.map((part) => {
    if (!(part instanceof Uint8Array)) return { own: false, start: part.start, length: part.length };
    bytes.set(part, at);
    at += part.length;
    return { own: true, start: at - part.length, length: part.length };
  });
  return { bytes, pieces };
}

/** Writes `temporary` from the parts (stretches taken from `previous`, through `buffer`), and returns the hash of what it wrote. */
export function writePartsNow(temporary: string, previous: string, { bytes, pieces }: PackedParts, buffer: Uint8Array): string {
  const hash = createHash('sha256');
  const out = openSync(temporary, 'w');
  let from: number | undefined;
  try {
    for (const { own, start, length } of pieces) {
      if (own) writeAll(out, hash, bytes.subarray(start, start + length));
      else copyStretch((from ??= openSync(previous, 'r')), out, hash, start, length, buffer);
    }
  } finally {
    if (from !== undefined) closeSync(from);
    closeSync(out);
  }
  return contentHashOf(hash);
}

function copyStretch(from: number, out: number, hash: Hash, start: number, length: number, buffer: Uint8Array): void {
  for (let done = 0; done < length; ) {
    const read = readSync(from, buffer, 0, Math.min(buffer.length, length - done), start + done);
    if (read === 0) throw new Error(`the previous file ended ${length - done} bytes before the stretch it was to give`);
    writeAll(out, hash, buffer.subarray(0, read));
    done += read;
  }
}

function writeAll(out: number, hash: Hash, bytes: Uint8Array): void {
  hash.update(bytes);
  for (let done = 0; done < bytes.length; ) done += writeSync(out, bytes, done, bytes.length - done);
}

/** A file on disk read through `buffer`: its description, or undefined when it cannot be read. */
export function describeFileNow(path: string, buffer: Uint8Array): FileDescription | undefined {
  let from: number | undefined;
  try {
    from = openSync(path, 'r');
    const hash = createHash('sha256');
    let length = 0;
    let ascii = true;
    for (let read = readSync(from, buffer); read > 0; read = readSync(from, buffer)) {
      const bytes = buffer.subarray(0, read);
      hash.update(bytes);
      length += read;
      ascii &&= isAscii(bytes);
    }
    return { hash: contentHashOf(hash), length, ascii };
  } catch {
    return undefined;
  } finally {
    if (from !== undefined) closeSync(from);
  }
}
