import type { ModelOptions } from '../generate-api.ts';
import type { SearchFiles } from '../search/emit-search.ts';
import { startWorker, type RunningWorker } from './start-worker.ts';

/** Starts building the search files on another thread, from its own parse of the ontology. */
export function startSearchWorker(options: ModelOptions, log: (line: string) => void): RunningWorker<SearchFiles> {
  return startWorker<SearchFiles>(new URL('./search-worker.ts', import.meta.url), options, log);
}
