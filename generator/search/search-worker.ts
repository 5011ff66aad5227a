// Worker thread entry: the search index, built while the main thread emits the entities' formats.
import { parentPort, workerData } from 'node:worker_threads';
import { Router } from '../route/router.ts';
import { collectGarbage } from '../worker/collect-garbage.ts';
import { BatchFlow, SEARCH_LANE } from '../write/batch-flow.ts';
import { encodeBatches } from '../write/file-batch.ts';
import { emitSearch } from './emit-search.ts';
import type { SearchThreadInput, SearchThreadMessage } from './search-thread-messages.ts';

const { source, baseUrl, answering, flow: flowBuffer } = workerData as SearchThreadInput;
const flow = new BatchFlow(flowBuffer);
const post = (message: SearchThreadMessage, transfer: ArrayBuffer[] = []): void => parentPort?.postMessage(message, transfer);

try {
  const handOff = (files: { path: string; contents: string }[]) => {
    for (const batch of encodeBatches(files)) {
      flow.reserve(SEARCH_LANE);
      post({ type: 'files', batch }, [batch.bytes]);
    }
  };
  post({ type: 'done', index: emitSearch(source, new Router(baseUrl), undefined, { handOff, answering, between: collectGarbage }) });
} catch (error) {
  post({ type: 'failed', text: error instanceof Error ? error.stack ?? error.message : String(error) });
}
