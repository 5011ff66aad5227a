import { open } from 'node:fs/promises';

// Node's promise API writes a file 512 kB at a time, each a turn of this thread's event loop: while the build runs
// a long synchronous stage, a file of tens of megabytes waited for dozens of turns. This hands the whole file to
// one request of the system's thread pool, which writes all of it meanwhile.

/** Writes the bytes (or the parts, end to end) to `path`, by one request. */
export async function writeWhole(path: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void> {
  const parts = bytes instanceof Uint8Array ? [bytes] : bytes.filter((part) => part.length > 0);
  const handle = await open(path, 'w');
  try {
    // The system writes every part (libuv goes on after a short write), so one round suffices but for a failure.
    let rest = parts;
    while (rest.length > 0) {
      const { bytesWritten } = await handle.writev(rest);
      rest = after(rest, bytesWritten);
    }
  } finally {
    await handle.close();
  }
}

/** The parts past the first `written` bytes. */
function after(parts: readonly Uint8Array[], written: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  let skip = written;
  for (const part of parts) {
    if (skip >= part.length) skip -= part.length;
    else {
      rest.push(skip > 0 ? part.subarray(skip) : part);
      skip = 0;
    }
  }
  return rest;
}
