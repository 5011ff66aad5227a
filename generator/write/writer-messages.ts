import type { MessagePort } from 'node:worker_threads';
import type { Lane } from './batch-flow.ts';
import type { FileBatch } from './file-batch.ts';
import type { WriteStats } from './write-files.ts';

/** What the write worker is started with. */
export interface WriterInput {
  /** The output folder, absolute. */
  root: string;
  /** The previous output and its files' hashes: a file with the same hash is linked from there, not written. */
  previous?: { dir: string; before: Readonly<Record<string, string>> };
  /** The BatchFlow senders wait on. */
  flow: SharedArrayBuffer;
  /** A WriteGate to wait at before the first file, when another thread writes first. */
  gate?: SharedArrayBuffer;
}

export type WriterRequest =
  /** A batch of files, from the thread that started the writer or, through a port of its own (see `port`), another. */
  | { type: 'files'; batch: FileBatch; lane: Lane }
  /** A port another thread sends its batches through itself, so they need not wait for the main thread to pass them on. */
  | { type: 'port'; port: MessagePort }
  /** The hashes of the files handed over since the last such request, in the order they came. */
  | { type: 'hashes' }
  | { type: 'finish' };

export type WriterReply =
  | { type: 'hashes'; hashes: [string, string][] }
  | { type: 'done'; stats: WriteStats; busyMs: number }
  /** `system`: the file system refused (disk full, no permission), as opposed to a fault of the build. */
  | { type: 'failed'; text: string; system: boolean };
