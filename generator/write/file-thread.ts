import { Worker } from 'node:worker_threads';
import type { FileDescription, FileReply, FileRequest, PackedParts } from './file-work.ts';

/** What the thread answers a request that did not fail with. */
type FileAnswer = Exclude<FileReply, { type: 'failed' }>;

interface Pending {
  resolve(reply: FileAnswer): void;
  reject(error: Error): void;
}

/**
 * A thread that writes an update's staged files (see StagedFile), and reads the previous files they copy stretches
 * of to hash them, a megabyte at a time. On the build's own thread each megabyte waited for a turn between its long
 * synchronous stages, so an update ended waiting for them; the hashing took 40 ms of it. Started at the first request;
 * it keeps the process alive only while a request is pending.
 */
export class FileThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  #stopped: Error | undefined;

  constructor() {
    this.#worker = new Worker(new URL('./file-worker.ts', import.meta.url));
    this.#worker.unref();
    this.#worker.on('message', (reply: FileReply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`internal error: the file thread stopped (exit code ${code})`)));
  }

  /** Whether it stopped (a failure of its own): requests then fail at once, and fileThread starts another. */
  get stopped(): boolean {
    return this.#stopped !== undefined;
  }

  /** Writes `temporary` from the parts (stretches of `previous`), and gives the hash of what it wrote. */
  async stage(temporary: string, previous: string, parts: PackedParts): Promise<string> {
    const reply = await this.#ask((id) => ({ id, type: 'stage', temporary, previous, parts }), [parts.bytes.buffer as ArrayBuffer]);
    if (reply.type !== 'staged') throw new Error(`internal error: the file thread answered a file to stage with ${reply.type}`);
    return reply.hash;
  }

  /** A file on disk: its hash, length and whether it is all ASCII; undefined when it cannot be read. */
  async describe(path: string): Promise<FileDescription | undefined> {
    const reply = await this.#ask((id) => ({ id, type: 'describe', path }));
    if (reply.type !== 'described') throw new Error(`internal error: the file thread answered a file to describe with ${reply.type}`);
    return reply.description;
  }

  #ask(request: (id: number) => FileRequest, transfer: ArrayBuffer[] = []): Promise<FileAnswer> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = (this.#next += 1);
    const answered = new Promise<FileAnswer>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    if (this.#pending.size === 1) this.#worker.ref();
    this.#worker.postMessage(request(id), transfer);
    return answered;
  }

  #settle(reply: FileReply): void {
    const pending = this.#pending.get(reply.id);
    if (pending === undefined) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.type === 'failed') pending.reject(Object.assign(new Error(reply.message), reply.code === undefined ? {} : { code: reply.code }));
    else pending.resolve(reply);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

let shared: FileThread | undefined;

/** This thread's file thread, started when first asked for. */
export function fileThread(): FileThread {
  if (shared === undefined || shared.stopped) shared = new FileThread();
  return shared;
}
