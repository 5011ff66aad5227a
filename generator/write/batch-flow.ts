/**
 * Batches of files on their way to the write thread, counted in memory every thread shares: a sender waits
 * while MAX_IN_FLIGHT of its batches are sent but not yet written, so a slow disk cannot fill the memory.
 * Each sender counts in a lane of its own: the search thread's batches pass through the main thread, and a
 * shared count would have the main thread wait for batches queued behind its own wait.
 */
export class BatchFlow {
  readonly buffer: SharedArrayBuffer;
  readonly #counts: Int32Array;

  constructor(buffer = new SharedArrayBuffer(2 * LANES * Int32Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.#counts = new Int32Array(buffer);
  }

  /** A sender: blocks until its lane has room, then counts one more batch sent in it. */
  reserve(lane: Lane): void {
    this.#waitWhileMoreThan(lane, MAX_IN_FLIGHT[lane] - 1);
    Atomics.add(this.#counts, 2 * lane, 1);
  }

  /** A sender: blocks until the write thread has taken care of every batch sent in its lane. */
  drain(lane: Lane): void {
    this.#waitWhileMoreThan(lane, 0);
  }

  #waitWhileMoreThan(lane: Lane, inFlight: number): void {
    const [sent, done] = [2 * lane, 2 * lane + 1];
    let waited = 0;
    for (let written = Atomics.load(this.#counts, done); Atomics.load(this.#counts, sent) - written > inFlight; written = Atomics.load(this.#counts, done)) {
      // The write thread counts every batch, written or refused; only a thread that died stops counting.
      if (Atomics.wait(this.#counts, done, written, WAIT_STEP_MS) === 'timed-out' && (waited += WAIT_STEP_MS) >= STALLED_MS) {
        throw new Error(`internal error: the write thread took no batch for ${STALLED_MS / 1000} s`);
      }
    }
  }

  /** The write thread: one batch of the lane taken care of. */
  done(lane: Lane): void {
    Atomics.add(this.#counts, 2 * lane + 1, 1);
    Atomics.notify(this.#counts, 2 * lane + 1);
  }
}

/** The main thread's batches, and those the search thread encodes. */
export const MAIN_LANE = 0;
export const SEARCH_LANE = 1;
export type Lane = typeof MAIN_LANE | typeof SEARCH_LANE;
const LANES = 2;
// A few batches in flight keep the write thread busy and the memory small (batches are 4 MB). The search
// thread's once passed through the main thread, which forwarded them only between its own work: with 4, the
// search thread spent 0.47 s of a full build waiting on them, and with 16 the full build was 0.2-0.25 s shorter.
// They now go to the write thread through a port of their own (FileSink.port).
export const MAX_IN_FLIGHT: Readonly<Record<Lane, number>> = { [MAIN_LANE]: 4, [SEARCH_LANE]: 16 };
const WAIT_STEP_MS = 1000;
const STALLED_MS = 120_000;
