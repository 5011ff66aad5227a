// Worker thread entry: the file thread (see file-thread.ts). Writes staged files, one request after another, and
// answers each with its hash or its error.
import { parentPort } from 'node:worker_threads';
import { STRETCH_BUFFER, writePartsNow, type FileReply, type FileRequest } from './file-work.ts';

// One buffer for every stretch of every file: a new megabyte each time would be fresh memory each time.
const buffer = new Uint8Array(STRETCH_BUFFER);

parentPort?.on('message', (request: FileRequest) => {
  let reply: FileReply;
  try {
    reply = { id: request.id, type: 'staged', hash: writePartsNow(request.temporary, request.previous, request.parts, buffer) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    reply = { id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
  }
  parentPort?.postMessage(reply);
});
