import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { OutputFile } from '../emit/emit-api.ts';
import { OutputWriteError } from '../errors.ts';
import { BatchFlow, MAIN_LANE, type Lane } from './batch-flow.ts';
import { BatchBuffer, type FileBatch } from './file-batch.ts';
import type { WriteStats } from './write-files.ts';
import type { WriterInput, WriterReply, WriterRequest } from './writer-messages.ts';

/** Where a build puts its files as soon as they are made. */
export interface FileSink {
  /** Hands files over: the sink writes them, and the caller need not keep them. */
  add(files: readonly OutputFile[]): void;
  /**
   * A port another thread sends its own batches through (see sendThrough): they go straight to the write thread,
   * not through this one, whose long synchronous stages held them up.
   */
  port(): MessagePort;
  readonly flow: BatchFlow;
  /** Path and content hash of every file handed over since the last call, in the order they came. */
  hashes(): Promise<[string, string][]>;
}

/**
 * How a BatchBuffer's batches reach the write thread, from the thread that started it (`to`: the Worker) or another
 * (`to`: a FileSink.port): each counted in `lane` of the write thread's `flow` (waiting while the lane is full),
 * then posted with its bytes. After a failure the write thread still counts what it is sent, so no sender waits in vain.
 */
export function sendThrough(to: MessagePort | Worker, flow: BatchFlow, lane: Lane): (batch: FileBatch) => void {
  return (batch) => {
    flow.reserve(lane);
    to.postMessage({ type: 'files', batch, lane } satisfies WriterRequest, [batch.bytes]);
  };
}

interface Waiting {
  expects: 'hashes' | 'done';
  resolve(reply: WriterReply): void;
  reject(error: Error): void;
}

/**
 * Writes and hashes files on a thread of its own, so the build makes the next files on this one meanwhile:
 * each batch of files crosses as one block of bytes, without a copy (strings sent as they are cost more
 * memory and time, measured: the worker's heap held them and the write stage's wait grew fivefold).
 */
export class ThreadedWriter implements FileSink {
  readonly #worker: Worker;
  readonly #waiting: Waiting[] = [];
  /** Shared with the write thread and with any other thread that encodes batches for it. */
  readonly flow = new BatchFlow();
  readonly #buffer: BatchBuffer;
  #failure: Error | undefined;

  constructor(input: Omit<WriterInput, 'flow'>) {
    const workerData: WriterInput = { ...input, flow: this.flow.buffer };
    this.#worker = new Worker(new URL('./write-worker.ts', import.meta.url), { workerData });
    this.#buffer = new BatchBuffer(sendThrough(this.#worker, this.flow, MAIN_LANE));
    this.#worker.on('message', (reply: WriterReply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`internal error: the write thread stopped (exit code ${code})`)));
  }

  /** Blocks while the write thread is behind (see BatchFlow). Files are sent in batches, the last at the next request. */
  add(files: readonly OutputFile[]): void {
    if (!this.#failure) this.#buffer.add(files);
  }

  port(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    this.#post({ type: 'port', port: port1 }, [port1]);
    return port2;
  }

  async hashes(): Promise<[string, string][]> {
    const reply = await this.#request({ type: 'hashes' }, 'hashes');
    return reply.type === 'hashes' ? reply.hashes : [];
  }

  /** Waits until every file handed over is written; `busyMs`: how long the thread spent writing. */
  async finish(): Promise<{ stats: WriteStats; busyMs: number }> {
    const reply = await this.#request({ type: 'finish' }, 'done');
    await this.stop();
    if (reply.type !== 'done') throw new Error('internal error: the write thread answered out of turn');
    return { stats: reply.stats, busyMs: reply.busyMs };
  }

  async stop(): Promise<void> {
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
  }

  #request(request: WriterRequest, expects: Waiting['expects']): Promise<WriterReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    // Answered after every file handed over so far is written.
    this.#buffer.flush();
    const reply = new Promise<WriterReply>((resolve, reject) => this.#waiting.push({ expects, resolve, reject }));
    this.#post(request);
    return reply;
  }

  #post(request: WriterRequest, transfer: (ArrayBuffer | MessagePort)[] = []): void {
    this.#worker.postMessage(request, transfer);
  }

  #settle(reply: WriterReply): void {
    if (reply.type === 'failed') {
      this.#fail(
        reply.system
          ? new OutputWriteError(reply.text, "make room on the output folder's disk or choose a folder you can write to (--out)")
          : new Error(reply.text),
      );
      return;
    }
    const waiting = this.#waiting.shift();
    if (!waiting) return;
    if (waiting.expects === reply.type) waiting.resolve(reply);
    else waiting.reject(new Error(`internal error: the write thread answered ${reply.type} instead of ${waiting.expects}`));
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(this.#failure);
  }
}
