import { Worker } from 'node:worker_threads';
import type { EmittedSearch } from '../search/emit-search.ts';
import type { SearchThreadInput, SearchThreadMessage } from './search-thread-messages.ts';

/**
 * Starts emitSearch on a thread of its own, for a build that writes as it goes: the index files it makes go to
 * the write thread through `input.port` as encoded batches, all written before it settles; the entry file comes
 * with the result.
 */
export function startSearchThread(input: SearchThreadInput): Promise<EmittedSearch> {
  // A smaller young generation than V8's default: the thread allocates fast while the main thread emits, and
  // the build's budget is on peak memory (measured: 950-1,050 MB peak without the limit, 960-980 MB with it).
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), {
    workerData: input,
    transferList: [input.port],
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  return new Promise<EmittedSearch>((resolve, reject) => {
    worker.on('message', (message: SearchThreadMessage) => {
      if (message.type === 'done') resolve(message.index);
      else reject(new Error(`internal error in the search thread: ${message.text}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`internal error: the search thread stopped (exit code ${code}) before it finished`)));
  }).finally(() => {
    // Awaited: the thread's heap is let go before the build goes on to its own peak (the manifest, the cache).
    worker.removeAllListeners('exit');
    return worker.terminate();
  });
}
