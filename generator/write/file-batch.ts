import type { OutputFile } from '../emit/emit-api.ts';

/** Files as one block of UTF-8 bytes, so they cross to another thread without a copy. */
export interface FileBatch {
  paths: string[];
  /** Where each file's bytes end in `bytes`; each begins where the previous one ends. */
  ends: number[];
  bytes: ArrayBuffer;
}

/** Encodes files into one fresh buffer (never Node's shared pool, whose memory other buffers use). */
export function encodeBatch(files: readonly OutputFile[]): FileBatch {
  const lengths = files.map((file) => Buffer.byteLength(file.contents));
  const buffer = Buffer.from(new ArrayBuffer(lengths.reduce((total, length) => total + length, 0)));
  const ends: number[] = [];
  let at = 0;
  files.forEach((file, index) => {
    const written = buffer.write(file.contents, at);
    if (written !== lengths[index]) throw new Error(`internal error: ${file.path} was not encoded whole`);
    at += written;
    ends.push(at);
  });
  return { paths: files.map((file) => file.path), ends, bytes: buffer.buffer as ArrayBuffer };
}

// Batches of about this many characters cost little to pass and keep little in flight.
const BATCH_CHARACTERS = 4 * 2 ** 20;

/** Files encoded into batches of about BATCH_CHARACTERS each, in order. */
export function* encodeBatches(files: readonly OutputFile[]): Generator<FileBatch> {
  let start = 0;
  let characters = 0;
  for (let at = 0; at < files.length; at += 1) {
    characters += files[at].contents.length;
    if (characters >= BATCH_CHARACTERS) {
      yield encodeBatch(files.slice(start, at + 1));
      start = at + 1;
      characters = 0;
    }
  }
  if (start < files.length) yield encodeBatch(files.slice(start));
}

/** Each file of a batch: its path and its bytes (views into the batch's buffer). */
export function* decodeBatch(batch: FileBatch): Generator<{ path: string; bytes: Uint8Array }> {
  let start = 0;
  for (const [index, path] of batch.paths.entries()) {
    const end = batch.ends[index];
    yield { path, bytes: new Uint8Array(batch.bytes, start, end - start) };
    start = end;
  }
}
