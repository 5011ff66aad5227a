// A file's bytes as a build compares and cuts them: in memory, or read a stretch at a time from a copy beside the
// cache (the previous build's, and this build's own, made before it reads the file), never held whole.

/** A file's bytes where they are not held in memory: their length, and stretches of them read on demand. */
export interface ByteStretches {
  readonly length: number;
  /** Reads bytes from `position` into `target`, returning how many (fewer only at the end, or where the file is gone). */
  read(target: Uint8Array, position: number): number;
}

/** A copy of a source file beside the cache: its name there and its path, its bytes read a stretch at a time. */
export interface SourceCopy extends ByteStretches {
  readonly name: string;
  readonly path: string;
}

/** Makes a copy of the file at `path` beside the cache, before the build reads it. */
export type SourceCopier = (path: string) => Promise<SourceCopy>;

/** A file's bytes, in memory or read a stretch at a time. */
export type FileBytes = Uint8Array | ByteStretches;

/**
 * The bytes from `start` to `end`: a view of them when in memory, else read into `into` (or a buffer of their own);
 * fewer where the file reads short.
 */
export function bytesBetween(bytes: FileBytes, start: number, end: number, into?: Buffer): Buffer {
  if (bytes instanceof Uint8Array) return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, Math.min(end, bytes.length) - start));
  const target = into === undefined ? Buffer.allocUnsafeSlow(end - start) : into.subarray(0, end - start);
  return target.subarray(0, bytes.read(target, start));
}
