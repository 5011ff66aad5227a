import { Worker } from 'node:worker_threads';
import { indexEntities, type SearchIndex } from '../search/build-search-index.ts';
import type { SearchEntity } from '../search/client/search-client.js';

export interface SearchWorkerInput {
  entities: readonly SearchEntity[];
  baseIri: string;
}

export type SearchWorkerMessage = { type: 'done'; index: SearchIndex } | { type: 'failed'; text: string };

// Below this many entities the index takes less time than starting a thread.
const WORKER_MIN_ENTITIES = 1000;

/** The prefix index, built on another thread for large ontologies so the caller can emit meanwhile. */
export function indexOnSecondCore(input: SearchWorkerInput): Promise<SearchIndex> {
  if (input.entities.length < WORKER_MIN_ENTITIES) return Promise.resolve(indexEntities(input.entities, input.baseIri));
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData: input });
  return new Promise<SearchIndex>((resolve, reject) => {
    worker.once('message', (message: SearchWorkerMessage) => {
      if (message.type === 'done') resolve(message.index);
      else reject(new Error(`the search index worker failed: ${message.text}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker stopped (exit code ${code}) before it finished`)));
  });
}
