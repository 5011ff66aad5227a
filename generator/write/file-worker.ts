// Worker thread entry: the file thread (see file-thread.ts). Writes staged files and describes previous ones, one
// request after another, and answers each with its hash, description or error.
import { parentPort } from 'node:worker_threads';
import { STRETCH_BUFFER, describeFileNow, writePartsNow, type FileReply, type FileRequest } from './file-work.ts';

// One buffer for every stretch of every file: a new megabyte each time would be fresh memory each time.
const buffer = new Uint8Array(STRETCH_BUFFER);

parentPort?.on('message', (request: FileRequest) => {
  let reply: FileReply;
  try {
    reply =
      request.type === 'describe'
        ? { id: request.id, type: 'described', description: describeFileNow(request.path, buffer) }
        : { id: request.id, type: 'staged', hash: writePartsNow(request.temporary, request.previous, request.parts, buffer) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    reply = { id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
  }
  parentPort?.postMessage(reply);
});
