// Worker thread entry: the prefix index on the second core, while the main thread emits the entity files.
import { parentPort, workerData } from 'node:worker_threads';
import { indexEntities } from '../search/build-search-index.ts';
import type { SearchWorkerInput, SearchWorkerMessage } from './start-search-worker.ts';

const { entities, baseIri } = workerData as SearchWorkerInput;
let message: SearchWorkerMessage;
try {
  message = { type: 'done', index: indexEntities(entities, baseIri) };
} catch (error) {
  message = { type: 'failed', text: error instanceof Error ? error.stack ?? error.message : String(error) };
}
parentPort?.postMessage(message);
