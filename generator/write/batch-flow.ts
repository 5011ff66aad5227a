/**
 * Batches of files on their way to the write thread, counted in memory every thread shares: senders wait
 * while MAX_IN_FLIGHT are sent but not yet written, so a slow disk cannot fill the memory.
 */
export class BatchFlow {
  readonly buffer: SharedArrayBuffer;
  readonly #counts: Int32Array;

  constructor(buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.#counts = new Int32Array(buffer);
  }

  /** A sender: blocks until there is room, then counts one more batch sent. */
  reserve(): void {
    let waited = 0;
    for (let done = Atomics.load(this.#counts, DONE); Atomics.load(this.#counts, SENT) - done >= MAX_IN_FLIGHT; done = Atomics.load(this.#counts, DONE)) {
      // The write thread counts every batch, written or refused; only a thread that died stops counting.
      if (Atomics.wait(this.#counts, DONE, done, WAIT_STEP_MS) === 'timed-out' && (waited += WAIT_STEP_MS) >= STALLED_MS) {
        throw new Error(`internal error: the write thread took no batch for ${STALLED_MS / 1000} s`);
      }
    }
    Atomics.add(this.#counts, SENT, 1);
  }

  /** The write thread: one batch taken care of. */
  done(): void {
    Atomics.add(this.#counts, DONE, 1);
    Atomics.notify(this.#counts, DONE);
  }
}

const SENT = 0;
const DONE = 1;
// A few batches in flight keep the write thread busy and the memory small.
const MAX_IN_FLIGHT = 4;
const WAIT_STEP_MS = 1000;
const STALLED_MS = 120_000;
