import { digestBytes } from './document-units.ts';
import { blockContext, sourceBlock, type BlockedSource, type SourceBlock } from './parse-blocks.ts';
import type { SourceText } from './read-sources.ts';
import { cutElements } from './split-rdfxml.ts';
import { firstAtOrAfter } from '../text/first-at-or-after.ts';

/** Where a build cut an RDF/XML file into blocks, kept for the next build (see recutSource). Offsets in bytes. */
export interface SourceCut {
  name: string;
  baseIRI: string;
  /** Where the root's start tag ends, and where its end tag begins. */
  headEnd: number;
  tailStart: number;
  starts: Int32Array;
  ends: Int32Array;
  /** Its first block's place among the build's blocks (those of all its files, in order). */
  first: number;
}

/** A file's previous bytes where they are not held in memory: their length, and stretches of them read on demand. */
export interface ByteStretches {
  readonly length: number;
  /** Reads bytes from `position` into `target`, returning how many (fewer only at the end). */
  read(target: Uint8Array, position: number): number;
}

/** The bytes of a file as the previous build cut it: in memory, or read a stretch at a time (a build's copy of it). */
export type PreviousBytes = Uint8Array | ByteStretches;

/** A previous cut as the next build reads it back: with the file's bytes then, and its blocks' keys. */
export interface PreviousCut extends SourceCut {
  bytes: PreviousBytes;
  keys: readonly string[];
}

// Past this share of the file changed, cutting it whole is as quick.
const MOST_CHANGED = 0.25;
const COMPARED = 64 * 1024;
// Previous bytes not in memory are read this much at a time into one buffer (18 MB read whole was as much new memory).
const READ = 2 ** 20;

/**
 * The cut of a file read again after an edit, from the previous cut and the previous bytes: the blocks before
 * the first changed byte and after the last are where they were (those after shifted by the change in length),
 * and only the stretch between is cut again, from the end of the block before it to the start of the block after
 * it. Cutting and hashing the whole file took 60-70 ms at full scale. Undefined when the edit reaches the head
 * or the end tag, when the document declares entities (their use anywhere counts towards a limit), or when the
 * stretch does not cut cleanly: the file is then cut whole.
 */
export function recutSource(source: SourceText, previous: PreviousCut): BlockedSource | undefined {
  const { bytes } = source;
  if (bytes === undefined || source.format !== 'rdfxml' || source.name !== previous.name || source.baseIRI !== previous.baseIRI) return undefined;
  const before = previous.bytes;
  const same = samePrefixLength(before, bytes);
  const sameEnd = sameSuffixLength(before, bytes, Math.min(before.length, bytes.length) - same);
  const { headEnd, tailStart, starts, ends } = previous;
  // The changed stretch of the previous bytes is [same, changedEnd): it must lie between the head and the end tag.
  const identical = same === before.length && same === bytes.length;
  const changedEnd = Math.max(same, before.length - sameEnd);
  if (!identical && (same < headEnd || changedEnd > tailStart)) return undefined;
  if (bytes.length - same - sameEnd > bytes.length * MOST_CHANGED || previous.keys.length !== starts.length) return undefined;
  const head = bytes.toString('utf8', 0, headEnd);
  const context = blockContext(source, head);
  if (head.includes('<!ENTITY') || previous.keys.some((key) => !key.startsWith(context))) return undefined;
  const shift = bytes.length - before.length;
  // The blocks wholly before the first changed byte, and the first wholly after the last.
  const kept = firstAtOrAfter(ends, same + 1);
  const resumed = firstAtOrAfter(starts, before.length - sameEnd);
  const from = kept === 0 ? headEnd : ends[kept - 1];
  const to = (resumed === starts.length ? tailStart : starts[resumed]) + shift;
  if (to < from) return undefined;
  const stretch = bytes.toString('latin1', from, to);
  const cut = stretch.includes('nodeID') ? undefined : cutElements(stretch, 0);
  if (cut === undefined || cut.closing !== undefined) return undefined;
  // The previous key itself, not one made again from its parts: a string already hashed for the lookups that follow.
  const keptBlock = (at: number, offset: number): SourceBlock => {
    const key = previous.keys[at];
    return { key, digest: key.slice(context.length), start: starts[at] + offset, end: ends[at] + offset };
  };
  const blocks = [
    ...Array.from({ length: kept }, (_, at) => keptBlock(at, 0)),
    ...cut.blocks.map(({ start, end }) => sourceBlock(context, digestBytes(bytes, from + start, from + end), from + start, from + end)),
    ...Array.from({ length: starts.length - resumed }, (_, at) => keptBlock(resumed + at, shift)),
  ];
  const text = (start: number, end: number) => bytes.toString('utf8', start, end);
  return {
    source,
    split: { head, tail: text(tailStart + shift, bytes.length), blocks: blocks.map(({ start, end }) => ({ start, end })) },
    blocks,
    textOf: (block) => text(block.start, block.end),
  };
}

/** What the next build keeps of a cut: for a file split into blocks; undefined otherwise. `first`: see SourceCut. */
export function sourceCut(blocked: BlockedSource, first: number): SourceCut | undefined {
  const { source, split, blocks } = blocked;
  if (source.bytes === undefined || source.format !== 'rdfxml' || split === undefined) return undefined;
  // Filled in one loop: Int32Array.from with a mapping function took 5 ms for 18,500 blocks.
  const starts = new Int32Array(blocks.length);
  const ends = new Int32Array(blocks.length);
  blocks.forEach(({ start, end }, at) => {
    starts[at] = start;
    ends[at] = end;
  });
  return {
    name: source.name,
    baseIRI: source.baseIRI,
    headEnd: Buffer.byteLength(split.head),
    tailStart: source.bytes.length - Buffer.byteLength(split.tail),
    starts,
    ends,
    first,
  };
}

/** How many bytes `before` and `bytes` begin with alike. */
function samePrefixLength(before: PreviousBytes, bytes: Uint8Array): number {
  const length = Math.min(before.length, bytes.length);
  // Only what was compared counts as alike: a copy that reads short (changed since) differs where it stops.
  let alike = 0;
  for (const [start, stretch] of stretchesOf(before, 0, length, false)) {
    const same = samePrefixOf(stretch, bytes.subarray(start, start + stretch.length));
    if (same < stretch.length) return start + same;
    alike = start + stretch.length;
  }
  return alike;
}

/** How many bytes, at most `most`, `before` and `bytes` end with alike. */
function sameSuffixLength(before: PreviousBytes, bytes: Uint8Array, most: number): number {
  let alike = 0;
  for (const [start, stretch] of stretchesOf(before, before.length - most, before.length, true)) {
    // The bytes after this stretch are alike already.
    const after = before.length - start - stretch.length;
    const same = sameSuffixOf(stretch, bytes.subarray(bytes.length - after - stretch.length, bytes.length - after), stretch.length);
    if (same < stretch.length) return after + same;
    alike = after + stretch.length;
  }
  return alike;
}

/**
 * The stretches of `bytes` from `start` to `end`, each with its offset: all of it at once when in memory, else a
 * megabyte at a time (backwards from the end if asked), stopping at a read that comes back short.
 */
function* stretchesOf(bytes: PreviousBytes, start: number, end: number, backwards: boolean): Generator<[number, Uint8Array]> {
  if (bytes instanceof Uint8Array) {
    yield [start, bytes.subarray(start, end)];
    return;
  }
  const buffer = Buffer.allocUnsafeSlow(Math.min(READ, end - start));
  for (let done = 0; done < end - start; done += READ) {
    const size = Math.min(READ, end - start - done);
    const at = backwards ? end - done - size : start + done;
    if (bytes.read(buffer.subarray(0, size), at) < size) return;
    yield [at, buffer.subarray(0, size)];
  }
}

function samePrefixOf(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  let at = 0;
  // Compared a stretch at a time by the native comparison, then byte by byte within the first that differs.
  while (at < length && Buffer.compare(a.subarray(at, Math.min(at + COMPARED, length)), b.subarray(at, Math.min(at + COMPARED, length))) === 0) at += COMPARED;
  at = Math.min(at, length);
  const end = Math.min(at + COMPARED, length);
  while (at < end && a[at] === b[at]) at += 1;
  return at;
}

function sameSuffixOf(a: Uint8Array, b: Uint8Array, most: number): number {
  let same = 0;
  const at = (from: Uint8Array, back: number) => from.length - back;
  while (same < most) {
    const step = Math.min(COMPARED, most - same);
    if (Buffer.compare(a.subarray(at(a, same + step), at(a, same)), b.subarray(at(b, same + step), at(b, same))) !== 0) break;
    same += step;
  }
  const limit = Math.min(same + COMPARED, most);
  while (same < limit && a[a.length - 1 - same] === b[b.length - 1 - same]) same += 1;
  return same;
}
