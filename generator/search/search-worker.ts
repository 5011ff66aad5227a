// Worker thread entry: the search index, built while the main thread emits the entities' formats.
import { parentPort, workerData } from 'node:worker_threads';
import { Router } from '../route/router.ts';
import { collectGarbage } from '../worker/collect-garbage.ts';
import { BatchFlow, SEARCH_LANE } from '../write/batch-flow.ts';
import { BatchBuffer } from '../write/file-batch.ts';
import { emitSearch } from './emit-search.ts';
import type { SearchThreadInput, SearchThreadMessage } from './search-thread-messages.ts';

const { source, baseUrl, answering, flow: flowBuffer } = workerData as SearchThreadInput;
const flow = new BatchFlow(flowBuffer);
const post = (message: SearchThreadMessage, transfer: ArrayBuffer[] = []): void => parentPort?.postMessage(message, transfer);

try {
  const buffer = new BatchBuffer((batch) => {
    flow.reserve(SEARCH_LANE);
    post({ type: 'files', batch }, [batch.bytes]);
  });
  const index = emitSearch(source, new Router(baseUrl), undefined, { handOff: (files) => buffer.add(files), answering, between: collectGarbage });
  buffer.flush();
  post({ type: 'done', index });
} catch (error) {
  post({ type: 'failed', text: error instanceof Error ? error.stack ?? error.message : String(error) });
}
