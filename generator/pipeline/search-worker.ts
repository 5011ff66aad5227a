// Worker thread entry: the search index, built while the main thread emits the entities' formats.
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from './collect-garbage.ts';
import { BatchFlow, SEARCH_LANE } from '../write/batch-flow.ts';
import { BatchBuffer } from '../write/file-batch.ts';
import { emitSearch } from '../search/emit-search.ts';
import { LabelRows } from '../search/label-rows.ts';
import type { SearchThreadInput, SearchThreadMessage } from './search-thread-messages.ts';
import { sendThrough } from '../write/threaded-writer.ts';

const { source, flow: flowBuffer, port } = workerData as SearchThreadInput;
const flow = new BatchFlow(flowBuffer);
const post = (message: SearchThreadMessage, transfer: ArrayBuffer[] = []): void => parentPort?.postMessage(message, transfer);

try {
  const buffer = new BatchBuffer(sendThrough(port, flow, SEARCH_LANE));
  const index = await emitSearch({ ...source, labels: LabelRows.of(source.labels) }, undefined, {
    handOff: (files) => buffer.add(files),
    between: collectGarbage,
  });
  buffer.flush();
  // Every file written (and hashed) before the index is reported, so the build's next request for hashes has them all.
  flow.drain(SEARCH_LANE);
  port.close();
  // The memo's texts (megabytes) are handed over rather than copied: packJson gives them a buffer of their own.
  const { bytes } = index.memo.json;
  post({ type: 'done', index }, bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : []);
} catch (error) {
  post({ type: 'failed', text: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
