// An update changes a few dozen of the manifest's 86,000 files: its files column, the column packed for the
// cache and manifest.json's text are made from the previous ones by copying the runs between the changes.
import type { Column } from './sorted-keys.ts';

/** An entry put into the files column, with whether it is an entity's format file. */
export interface PutEntry {
  path: string;
  hash: string;
  format: boolean;
}

/**
 * One change at a position of the column it applies to: entries put before that position (in order), and
 * whether the entry at it is taken out (a file dropped; or given a new hash, by putting it back).
 */
export interface FileEdit {
  at: number;
  put: readonly PutEntry[];
  take: boolean;
}

/** The runs of the base column that edits (sorted by position, one per position) leave in place, with what goes between them. */
function* pieces(length: number, edits: readonly FileEdit[]): Generator<{ from: number; to: number } | readonly PutEntry[]> {
  let from = 0;
  for (const { at, put, take } of edits) {
    if (at > from) yield { from, to: at };
    if (put.length > 0) yield put;
    from = take ? at + 1 : at;
  }
  if (length > from) yield { from, to: length };
}

/** The column after the edits, and its format flags; unchanged runs are copied whole. */
export function applyEdits(base: Column, formats: Uint8Array, edits: readonly FileEdit[]): { column: Column; formats: Uint8Array } {
  const keys: string[][] = [];
  const values: string[][] = [];
  const flags: Uint8Array[] = [];
  for (const piece of pieces(base.keys.length, edits)) {
    if ('from' in piece) {
      keys.push(base.keys.slice(piece.from, piece.to));
      values.push(base.values.slice(piece.from, piece.to));
      flags.push(formats.subarray(piece.from, piece.to));
    } else {
      keys.push(piece.map((entry) => entry.path));
      values.push(piece.map((entry) => entry.hash));
      flags.push(Uint8Array.from(piece, (entry) => (entry.format ? 1 : 0)));
    }
  }
  const joined = new Uint8Array(flags.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of flags) {
    joined.set(part, offset);
    offset += part.length;
  }
  return { column: { keys: ([] as string[]).concat(...keys), values: ([] as string[]).concat(...values) }, formats: joined };
}

/**
 * Where each edited position's entry starts in a text made of the column's entries one after another, each
 * `size(key, value)` long with its separator: a sum over every entry before the last edit, and the whole
 * text's length (which tells whether the text is that, for a caller to check).
 */
export function entryStarts(
  base: Column,
  edits: readonly FileEdit[],
  first: number,
  size: (key: string, value: string) => number,
): { starts: Map<number, number>; end: number } {
  // Every position a run of unchanged entries begins or ends at.
  const wanted = new Set<number>([0]);
  for (const { at, take } of edits) {
    wanted.add(at);
    if (take) wanted.add(at + 1);
  }
  const starts = new Map<number, number>();
  let offset = first;
  const { keys, values } = base;
  for (let at = 0; at < keys.length; at += 1) {
    if (wanted.has(at)) starts.set(at, offset);
    offset += size(keys[at], values[at]);
  }
  starts.set(keys.length, offset);
  return { starts, end: offset };
}

/**
 * A text of entries (as entryStarts measured them, each followed by `separator` but the last) after the
 * edits: the base text's unchanged runs sliced out of it, `render` for the entries put.
 */
export function spliceEntries(
  text: string,
  base: Column,
  edits: readonly FileEdit[],
  starts: ReadonlyMap<number, number>,
  separator: string,
  render: (entry: PutEntry) => string,
): string {
  const parts: string[] = [];
  for (const piece of pieces(base.keys.length, edits)) {
    if ('from' in piece) parts.push(text.slice(starts.get(piece.from), (starts.get(piece.to) as number) - separator.length));
    else for (const entry of piece) parts.push(render(entry));
  }
  return parts.join(separator);
}
