import { Worker } from 'node:worker_threads';

/** The worker's failure, already described for the user (one line for a user mistake). */
export class ApiWorkerError extends Error {
  constructor(described: string) {
    super(described);
    this.name = 'ApiWorkerError';
  }
}

/** What a worker posts: progress lines, then its result or its failure described for the user. */
export type WorkerMessage<T> = { type: 'log'; line: string } | { type: 'done'; result: T } | { type: 'failed'; text: string };

export interface RunningWorker<T> {
  /** Settles with the worker's result; until asked, the worker does not keep the process alive. */
  finished(): Promise<T>;
  stop(): Promise<void>;
}

/** Runs one of this folder's worker entries on another thread; its progress lines go to `log`. */
export function startWorker<T>(entry: URL, input: unknown, log: (line: string) => void): RunningWorker<T> {
  const worker = new Worker(entry, { workerData: input });
  const done = new Promise<T>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage<T>) => {
      if (message.type === 'log') log(message.line);
      else if (message.type === 'done') resolve(message.result);
      else reject(new ApiWorkerError(message.text));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new ApiWorkerError(`internal error: a worker thread stopped (exit code ${code}) before it finished`)));
  });
  // A failed build ends the process without waiting for the worker; its rejection is then expected.
  worker.unref();
  done.catch(() => {});
  return {
    finished: () => {
      worker.ref();
      return done;
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}
