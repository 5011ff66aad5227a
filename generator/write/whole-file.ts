import { close, openSync, writev } from 'node:fs';

// Node's promise API writes a file 512 kB at a time, each a turn of this thread's event loop: while the build runs
// a long synchronous stage, a file of tens of megabytes waited for dozens of turns. This opens the file at once and
// hands all of it to one request of the system's thread pool, which writes it meanwhile (an open awaited first
// waited for the next turn, a stage later, before the write began).

/** Writes the bytes (or the parts, end to end) to `path`, by one request begun at once. */
export async function writeWhole(path: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void> {
  const parts = bytes instanceof Uint8Array ? [bytes] : bytes.filter((part) => part.length > 0);
  const fd = openSync(path, 'w');
  try {
    // The system writes every part (libuv goes on after a short write), so one round suffices but for a failure.
    for (let rest = parts; rest.length > 0; ) rest = after(rest, await writeParts(fd, rest));
  } finally {
    await new Promise<void>((settle, fail) => close(fd, (error) => (error ? fail(error) : settle())));
  }
}

function writeParts(fd: number, parts: readonly Uint8Array[]): Promise<number> {
  return new Promise((settle, fail) => writev(fd, parts, (error, written) => (error ? fail(error) : settle(written))));
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
