// Worker thread entry: writes and hashes the files the build hands over while the build goes on making more.
import { parentPort, workerData } from 'node:worker_threads';
import { contentHash } from '../changes/manifest.ts';
import { BatchFlow } from './batch-flow.ts';
import { decodeBatch } from './file-batch.ts';
import { FolderWriter, isSystemError } from './write-files.ts';
import { WriteGate } from './write-gate.ts';
import type { WriterInput, WriterReply, WriterRequest } from './writer-messages.ts';

const input = workerData as WriterInput;
const writer = new FolderWriter(input.root, input.previous);
const flow = new BatchFlow(input.flow);
const hashes: [string, string][] = [];
let gate = input.gate && new WriteGate(input.gate);
let busyMs = 0;
const post = (reply: WriterReply): void => parentPort?.postMessage(reply);

// After a failure, every request is answered with it, so the build stops at its next wait.
let failure: WriterReply | undefined;

parentPort?.on('message', receive);

function receive(request: WriterRequest): void {
  if (request.type === 'port') {
    request.port.on('message', receive);
    return;
  }
  if (failure) post(failure);
  else {
    try {
      handle(request);
    } catch (error) {
      // A system error (disk full, no permission) is the user's to fix; anything else is ours.
      failure = isSystemError(error)
        ? { type: 'failed', text: error.message, system: true }
        : { type: 'failed', text: error instanceof Error ? (error.stack ?? error.message) : String(error), system: false };
      post(failure);
    }
  }
  // Every batch is counted, written or refused: the sender waits on this count.
  if (request.type === 'files') flow.done(request.lane);
}

function handle(request: Exclude<WriterRequest, { type: 'port' }>): void {
  if (request.type === 'files') {
    gate?.waitOpen();
    gate = undefined;
    const start = performance.now();
    for (const { path, bytes } of decodeBatch(request.batch)) {
      const hash = contentHash(bytes);
      writer.write(path, bytes, hash);
      hashes.push([path, hash]);
    }
    busyMs += performance.now() - start;
  } else if (request.type === 'hashes') {
    post({ type: 'hashes', hashes: hashes.splice(0) });
  } else {
    post({ type: 'done', stats: writer.stats, busyMs });
  }
}
