import { Worker } from 'node:worker_threads';
import { ApiWorkerError } from '../errors.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import { WriteGate } from '../write/write-gate.ts';
import type { ApiWorkerInput, ApiWorkerMessage } from './api-worker-messages.ts';

export interface RunningApiWorker {
  /** Settles when every API file is written; until asked, the worker does not keep the process alive. */
  finished(): Promise<ApiSummary>;
  /** Lets a worker started with `holdWrites` write its files. */
  releaseWrites(): void;
  stop(): Promise<void>;
}

/**
 * Starts building the static API into `outDir` on another thread; its progress lines go to `log`. With
 * `holdWrites`, it makes its files but writes none until `releaseWrites`, so another thread can write first.
 */
export function startApiWorker(input: Omit<ApiWorkerInput, 'writeGate'>, log: (line: string) => void, holdWrites = false): RunningApiWorker {
  const gate = holdWrites ? new WriteGate() : undefined;
  const worker = new Worker(new URL('./api-worker.ts', import.meta.url), { workerData: { ...input, writeGate: gate?.buffer } satisfies ApiWorkerInput });
  const done = new Promise<ApiSummary>((resolve, reject) => {
    worker.on('message', (message: ApiWorkerMessage) => {
      if (message.type === 'log') log(message.line);
      else if (message.type === 'done') resolve(message.summary);
      else reject(new ApiWorkerError(message.text));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new ApiWorkerError(`internal error: the API worker stopped (exit code ${code}) before it finished`)));
  });
  // A failed site build ends the process without waiting for the worker; its rejection is then expected.
  worker.unref();
  done.catch(() => {});
  return {
    finished: () => {
      worker.ref();
      return done;
    },
    releaseWrites: () => gate?.open(),
    stop: async () => {
      await worker.terminate();
    },
  };
}
