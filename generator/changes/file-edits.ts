// An update changes a few dozen of the manifest's 86,000 files: its files column, the column packed for the
// cache and manifest.json's text are made from the previous ones by copying the runs between the changes.
import type { Column, PutEntry } from './sorted-keys.ts';
import { EditedTextList, type ListPiece } from './edited-text-list.ts';
import { TextList } from './text-list.ts';

export type { PutEntry } from './sorted-keys.ts';

/**
 * One change at a position of the column it applies to: entries put before that position (in order), and
 * whether the entry at it is taken out (a file dropped; or given a new hash, by putting it back).
 */
export interface ColumnEdit {
  at: number;
  put: readonly PutEntry[];
  take: boolean;
}

/** The runs of the base column that edits (sorted by position, one per position) leave in place, with what goes between them. */
function* pieces(length: number, edits: readonly ColumnEdit[]): Generator<ListPiece> {
  let from = 0;
  for (const { at, put, take } of edits) {
    if (at > from) yield { from, to: at };
    if (put.length > 0) yield put;
    from = take ? at + 1 : at;
  }
  if (length > from) yield { from, to: length };
}

/** The column after the edits, read through to the base column: its unchanged runs are not copied. */
export function applyEdits(base: Column, edits: readonly ColumnEdit[]): Column {
  const list = [...pieces(base.keys.length, edits)];
  // An edit of an edited column (updates in memory, one after another) reads an array: lookups stay one level deep.
  const flat = (column: TextList) => (column instanceof EditedTextList ? TextList.of(column.toArray()) : column);
  return {
    keys: new EditedTextList(flat(base.keys), list, (entry) => entry.key),
    values: new EditedTextList(flat(base.values), list, (entry) => entry.value),
  };
}

/** The files' format flags after the edits. */
export function applyFlagEdits(flags: Uint8Array, edits: readonly ColumnEdit[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const piece of pieces(flags.length, edits))
    parts.push('from' in piece ? flags.subarray(piece.from, piece.to) : Uint8Array.from(piece, (entry) => (entry.format ? 1 : 0)));
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * The characters of the base column's keys and of its values before each position the edits begin or end a
 * run at (and before the end): every text made of the column's entries in order finds its runs from these.
 */
export interface EditSums {
  keys: Map<number, number>;
  values: Map<number, number>;
}

export function editSums(base: Column, edits: readonly ColumnEdit[]): EditSums {
  const positions = new Set<number>([0, base.keys.length]);
  for (const { at, take } of edits) {
    positions.add(at);
    if (take) positions.add(at + 1);
  }
  const sums: EditSums = { keys: new Map(), values: new Map() };
  for (const position of positions) {
    sums.keys.set(position, base.keys.charsBefore(position));
    sums.values.set(position, base.values.charsBefore(position));
  }
  return sums;
}

/**
 * The pieces of a text of the column's entries (each followed by a separator `separatorLength` long but the
 * last) after the edits, separators left out: the base text's unchanged runs (`slice` of where the base's
 * entries begin, `start`, to where the run's last one ends), `render` for each entry put.
 */
export function splicedPieces<T>(
  length: number,
  edits: readonly ColumnEdit[],
  start: (position: number) => number,
  separatorLength: number,
  slice: (from: number, to: number) => T,
  render: (entry: PutEntry) => T,
): T[] {
  const parts: T[] = [];
  for (const piece of pieces(length, edits)) {
    if ('from' in piece) parts.push(slice(start(piece.from), start(piece.to) - separatorLength));
    else for (const entry of piece) parts.push(render(entry));
  }
  return parts;
}

/** splicedPieces of a string, joined by `separator`. */
export function spliceEntries(
  text: string,
  base: Column,
  edits: readonly ColumnEdit[],
  start: (position: number) => number,
  separator: string,
  render: (entry: PutEntry) => string,
): string {
  return splicedPieces(base.keys.length, edits, start, separator.length, (from, to) => text.slice(from, to), render).join(separator);
}
