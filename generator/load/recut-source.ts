import { digestBytes } from './document-units.ts';
import { blockContext, sourceBlock, type BlockedSource, type SourceBlock } from './parse-blocks.ts';
import type { SourceText } from './read-sources.ts';
import { cutElements } from './split-rdfxml.ts';
import { firstAtOrAfter } from '../text/first-at-or-after.ts';
import { bytesBetween, type FileBytes, type SourceCopy } from './file-bytes.ts';

export type { ByteStretches, FileBytes } from './file-bytes.ts';

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

/** A previous cut as the next build reads it back: with the file's bytes then, and its blocks' keys. */
export interface PreviousCut extends SourceCut {
  bytes: FileBytes;
  keys: readonly string[];
}

// Past this share of the file changed, cutting it whole is as quick.
const MOST_CHANGED = 0.25;
const COMPARED = 64 * 1024;
// Bytes not in memory are read this much at a time into one buffer a side (18 MB read whole was as much new memory).
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
  const bytes = sourceBytes(source);
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
  const headBytes = bytesBetween(bytes, 0, headEnd);
  if (headBytes.length < headEnd) return undefined;
  const head = headBytes.toString('utf8');
  const context = blockContext(source, head);
  if (head.includes('<!ENTITY') || previous.keys.some((key) => !key.startsWith(context))) return undefined;
  const shift = bytes.length - before.length;
  // The blocks wholly before the first changed byte, and the first wholly after the last.
  const kept = firstAtOrAfter(ends, same + 1);
  const resumed = firstAtOrAfter(starts, before.length - sameEnd);
  const from = kept === 0 ? headEnd : ends[kept - 1];
  const to = (resumed === starts.length ? tailStart : starts[resumed]) + shift;
  if (to < from) return undefined;
  // Only the stretch cut again is read (the file's other bytes are compared a stretch at a time, never held whole).
  const changed = bytesBetween(bytes, from, to);
  if (changed.length < to - from) return undefined;
  const stretch = changed.toString('latin1');
  const cut = stretch.includes('nodeID') ? undefined : cutElements(stretch, 0);
  if (cut === undefined || cut.closing !== undefined) return undefined;
  // The previous key itself, not one made again from its parts: a string already hashed for the lookups that follow.
  const keptBlock = (at: number, offset: number): SourceBlock => {
    const key = previous.keys[at];
    return { key, digest: key.slice(context.length), start: starts[at] + offset, end: ends[at] + offset };
  };
  const blocks = [
    ...Array.from({ length: kept }, (_, at) => keptBlock(at, 0)),
    ...cut.blocks.map(({ start, end }) => sourceBlock(context, digestBytes(changed, start, end), from + start, from + end)),
    ...Array.from({ length: starts.length - resumed }, (_, at) => keptBlock(resumed + at, shift)),
  ];
  const text = (start: number, end: number) => {
    if (start >= from && end <= to) return changed.toString('utf8', start - from, end - from);
    const read = bytesBetween(bytes, start, end);
    if (read.length < end - start) throw new Error(`internal error: ${source.name} read short at byte ${start + read.length}`);
    return read.toString('utf8');
  };
  return {
    source,
    split: { head, tail: text(tailStart + shift, bytes.length), blocks: blocks.map(({ start, end }) => ({ start, end })) },
    blocks,
    textOf: (block) => text(block.start, block.end),
  };
}

/** A source's bytes as they are compared and cut: its copy where the build made one, so that they are read a stretch at a time. */
export function sourceBytes(source: SourceText): Uint8Array | SourceCopy | undefined {
  return source.copy ?? source.bytes;
}

/** What the next build keeps of a cut: for a file split into blocks; undefined otherwise. `first`: see SourceCut. */
export function sourceCut(blocked: BlockedSource, first: number): SourceCut | undefined {
  const { source, split, blocks } = blocked;
  const bytes = sourceBytes(source);
  if (bytes === undefined || source.format !== 'rdfxml' || split === undefined) return undefined;
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
    tailStart: bytes.length - Buffer.byteLength(split.tail),
    starts,
    ends,
    first,
  };
}

/** How many bytes `before` and `after` begin with alike. */
function samePrefixLength(before: FileBytes, after: FileBytes): number {
  const length = Math.min(before.length, after.length);
  const [one, other] = [windowFor(before), windowFor(after)];
  for (let at = 0; at < length; at += READ) {
    const end = Math.min(at + READ, length);
    const a = bytesBetween(before, at, end, one);
    const b = bytesBetween(after, at, end, other);
    // Only what was read counts as alike: a copy that reads short (changed since) differs where it stops.
    const read = Math.min(a.length, b.length);
    const same = samePrefixOf(a.subarray(0, read), b.subarray(0, read));
    if (same < end - at) return at + same;
  }
  return length;
}

/** How many bytes, at most `most`, `before` and `after` end with alike. */
function sameSuffixLength(before: FileBytes, after: FileBytes, most: number): number {
  const [one, other] = [windowFor(before), windowFor(after)];
  for (let alike = 0; alike < most; alike += READ) {
    const size = Math.min(READ, most - alike);
    const a = bytesBetween(before, before.length - alike - size, before.length - alike, one);
    const b = bytesBetween(after, after.length - alike - size, after.length - alike, other);
    if (a.length < size || b.length < size) return alike;
    const same = sameSuffixOf(a, b, size);
    if (same < size) return alike + same;
  }
  return most;
}

/** The buffer a side's stretches are read into, where its bytes are not in memory. */
function windowFor(bytes: FileBytes): Buffer | undefined {
  return bytes instanceof Uint8Array ? undefined : Buffer.allocUnsafeSlow(Math.min(READ, bytes.length));
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
