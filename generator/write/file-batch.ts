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

/** Gathers files handed over in any portions into batches of about BATCH_CHARACTERS, sending each once full. */
export class BatchBuffer {
  readonly #send: (batch: FileBatch) => void;
  #files: OutputFile[] = [];
  #characters = 0;

  constructor(send: (batch: FileBatch) => void) {
    this.#send = send;
  }

  add(files: readonly OutputFile[]): void {
    for (const file of files) {
      this.#files.push(file);
      this.#characters += file.contents.length;
      if (this.#characters >= BATCH_CHARACTERS) this.flush();
    }
  }

  /** Sends what is gathered, however little. */
  flush(): void {
    if (this.#files.length === 0) return;
    const files = this.#files;
    this.#files = [];
    this.#characters = 0;
    this.#send(encodeBatch(files));
  }
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
