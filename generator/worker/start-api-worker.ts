import { Worker } from 'node:worker_threads';
import { ApiWorkerError, OutputWriteError } from '../errors.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import type { SiteSummary } from '../site/site-model.ts';
import { FolderWriter, isSystemError } from '../write/write-files.ts';
import { WriteGate } from '../write/write-gate.ts';
import type { ApiWorkerInput, ApiWorkerMessage } from './api-worker-messages.ts';

export interface RunningApiWorker {
  /** Settles when every API file is written; until asked, the worker does not keep the process alive. */
  finished(): Promise<ApiSummary>;
  stop(): Promise<void>;
}

/** The worker of a whole site's build: the API, and the concept pages this thread writes. */
export interface RunningSiteWorker extends RunningApiWorker {
  /** What the site's own pages show of the model, once the worker has built it. */
  readonly summary: Promise<SiteSummary>;
  /** Settles once every concept page is written into the output folder; the worker's own files follow. */
  readonly pagesWritten: Promise<{ pages: number; bytes: number; renderMs: number }>;
}

/** Starts building the static API into `outDir` on another thread; its progress lines go to `log`. */
export function startApiWorker(input: Omit<ApiWorkerInput, 'sitePages'>, log: (line: string) => void): RunningApiWorker {
  const { running } = start(input, log, false);
  return running;
}

/**
 * Starts the worker of a whole site's build: it renders the concept pages from its model before the API's files,
 * and this thread writes them as they come, while the worker's own writes wait (see WriteGate).
 */
export function startSiteWorker(input: Omit<ApiWorkerInput, 'sitePages'>, log: (line: string) => void): RunningSiteWorker {
  const gate = new WriteGate();
  const pages = new FolderWriter(input.outDir);
  const summary = settled<SiteSummary>();
  const pagesWritten = settled<{ pages: number; bytes: number; renderMs: number }>();
  // Kept alive: the build waits for the model's summary and the pages before it waits for the API.
  const { running, done } = start({ ...input, sitePages: { writeGate: gate.buffer } }, log, true, (message) => {
    if (message.type === 'site') summary.resolve(message.summary);
    else if (message.type === 'pages') {
      for (const page of message.pages) pages.write(page.path, page.contents);
    } else {
      gate.open();
      pagesWritten.resolve({ pages: pages.stats.files, bytes: pages.stats.bytes, renderMs: message.renderMs });
    }
  });
  done.catch((error: unknown) => {
    summary.reject(error);
    pagesWritten.reject(error);
  });
  return { ...running, summary: summary.promise, pagesWritten: pagesWritten.promise };
}

type SiteMessage = Extract<ApiWorkerMessage, { type: 'site' | 'pages' | 'pages-done' }>;

/** The worker started, and its outcome (which, unlike `finished`, does not keep the process alive). */
function start(
  input: ApiWorkerInput,
  log: (line: string) => void,
  keepAlive: boolean,
  onSite: (message: SiteMessage) => void = () => {},
): { running: RunningApiWorker; done: Promise<ApiSummary> } {
  const worker = new Worker(new URL('./api-worker.ts', import.meta.url), { workerData: input });
  const done = new Promise<ApiSummary>((resolve, reject) => {
    worker.on('message', (message: ApiWorkerMessage) => {
      if (message.type === 'log') log(message.line);
      else if (message.type === 'done') resolve(message.summary);
      else if (message.type === 'failed') reject(new ApiWorkerError(message.text));
      else {
        try {
          onSite(message);
        } catch (error) {
          // A page this thread could not write: the build stops there.
          reject(
            isSystemError(error)
              ? new OutputWriteError(error.message, "make room on the output folder's disk or choose a folder you can write to (--out)")
              : error,
          );
          void worker.terminate();
        }
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new ApiWorkerError(`internal error: the API worker stopped (exit code ${code}) before it finished`)));
  });
  // Otherwise a failed build ends the process without waiting for the worker; its rejection is then expected.
  if (!keepAlive) worker.unref();
  done.catch(() => {});
  const running = {
    finished: () => {
      worker.ref();
      return done;
    },
    stop: async () => {
      await worker.terminate();
    },
  };
  return { running, done };
}

/** A promise with its settling functions; a rejection nobody waits for is expected (the build failed elsewhere). */
function settled<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}
