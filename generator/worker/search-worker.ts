// Worker thread entry: parse the ontology and build the search files, while the main thread emits the formats.
import { parentPort, workerData } from 'node:worker_threads';
import { describeFailure } from '../cli/reporter.ts';
import { loadModel, timed, type ModelOptions } from '../generate-api.ts';
import { describeSearchIndex } from '../report/describe.ts';
import { emitSearch, type SearchFiles } from '../search/emit-search.ts';
import type { WorkerMessage } from './start-worker.ts';

const post = (message: WorkerMessage<SearchFiles>): void => parentPort?.postMessage(message);

async function run(options: ModelOptions): Promise<void> {
  const loaded = await loadModel(options);
  const search = await timed(loaded.timings, 'search', () => emitSearch(loaded.model, loaded.router));
  const seconds = loaded.timings.map((timing) => (timing.ms / 1000).toFixed(2)).join(' + ');
  post({ type: 'log', line: `search: ${describeSearchIndex(search.stats)}, on a worker thread in ${seconds} s (parse + model + index)` });
  post({ type: 'done', result: search });
}

run(workerData as ModelOptions).catch((error: unknown) => post({ type: 'failed', text: describeFailure(error) }));
