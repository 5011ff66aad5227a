import type { ApiSummary, ApiWorkerInput } from './api-summary.ts';
import { startWorker, type RunningWorker } from './start-worker.ts';

export { ApiWorkerError } from './start-worker.ts';
export type RunningApiWorker = RunningWorker<ApiSummary>;

/** Starts writing the static API into `outDir` on another thread; its progress lines go to `log`. */
export function startApiWorker(input: ApiWorkerInput, log: (line: string) => void): RunningApiWorker {
  return startWorker<ApiSummary>(new URL('./api-worker.ts', import.meta.url), input, log);
}
