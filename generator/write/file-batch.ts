import type { OutputFile } from '../emit/emit-api.ts';

/** Files as one block of UTF-8 bytes, so they cross to another thread without a copy. */
export interface FileBatch {
  paths: string[];
  /** Where each file's bytes end in `bytes`; each begins where the previous one ends. */
  ends: number[];
  bytes: ArrayBuffer;
}

// Batches of about this many bytes cost little to pass and keep little in flight.
const BATCH_BYTES = 4 * 2 ** 20;

/**
 * Gathers files handed over in any portions into batches of about BATCH_BYTES, sending each once full.
 * Each file is encoded as it comes, so its string is garbage at once: strings gathered until a batch is full
 * outlive the young generation and fill the old one (measured: 150-190 MB of a thread's heap).
 */
export class BatchBuffer {
  readonly #send: (batch: FileBatch) => void;
  #bytes = Buffer.alloc(0);
  #paths: string[] = [];
  #ends: number[] = [];
  #at = 0;

  constructor(send: (batch: FileBatch) => void) {
    this.#send = send;
  }

  add(files: readonly OutputFile[]): void {
    for (const { path, contents, encoded } of files) {
      const length = encoded ? encoded.byteLength : Buffer.byteLength(contents);
      if (this.#bytes.length === 0 || this.#at + length > this.#bytes.length) {
        this.flush();
        // A fresh buffer each time (never Node's shared pool, whose memory other buffers use): it moves to the writer.
        this.#bytes = Buffer.from(new ArrayBuffer(Math.max(BATCH_BYTES, length)));
      }
      let written = length;
      if (encoded) this.#bytes.set(encoded, this.#at);
      else written = this.#bytes.write(contents, this.#at);
      if (written !== length) throw new Error(`internal error: ${path} was not encoded whole`);
      this.#at += written;
      this.#paths.push(path);
      this.#ends.push(this.#at);
    }
  }

  /** Sends what is gathered, however little. */
  flush(): void {
    if (this.#paths.length === 0) return;
    const batch: FileBatch = { paths: this.#paths, ends: this.#ends, bytes: this.#bytes.buffer as ArrayBuffer };
    this.#bytes = Buffer.alloc(0);
    this.#paths = [];
    this.#ends = [];
    this.#at = 0;
    this.#send(batch);
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
