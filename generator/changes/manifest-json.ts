import { escapeJsonText } from '../emit/json.ts';
import { walkSorted, type Column } from './sorted-keys.ts';
import { isAscii } from 'node:buffer';
import { splicedPieces, type ColumnEdit, type EditSums } from './file-edits.ts';
import type { PreviousStretch } from '../emit/download-files.ts';

// What JSON.stringify writes escaped in a string: quotes, backslashes, control characters, surrogates not in a pair.
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;
const FILES_START = '{"version":1,"files":{';
const ENTITIES_START = '},"entities":{';
const END = '}}';

/** manifest.json's text: compact, keys in the columns' order, escaped as emitJson escapes. */
export function renderManifestJson(files: Column, entities: Column): string {
  return escapeJsonText(`${FILES_START}${jsonMembers(files)}${ENTITIES_START}${jsonMembers(entities)}${END}`);
}

/**
 * The same text made from a previous manifest's: the runs of entries both share are copied as they stand,
 * only the others are written. Undefined when that text has escapes (its entries' lengths would not add up).
 */
export function spliceManifestJson(before: { files: Column; entities: Column; json: string }, files: Column, entities: Column): string | undefined {
  const fileStarts = entryStarts(before.files, FILES_START.length);
  const entityStarts = entryStarts(before.entities, fileStarts.end + ENTITIES_START.length);
  const { json } = before;
  if (entityStarts.end + END.length !== json.length || !json.startsWith(FILES_START) || !json.startsWith(ENTITIES_START, fileStarts.end)) return undefined;
  const filesPart = splicedMembers(before.files, fileStarts.starts, files, json);
  const entitiesPart = splicedMembers(before.entities, entityStarts.starts, entities, json);
  return `${FILES_START}${filesPart}${ENTITIES_START}${entitiesPart}${END}`;
}

/** A column's edits, and the sums of its base's lengths at the positions they name (see editSums). */
export interface EditedColumn {
  base: Column;
  edits: readonly ColumnEdit[];
  sums: EditSums;
}

/** What splicing needs of a text, or of its bytes: whether a mark is at a place, a piece of it, a piece made from a string, and the pieces joined. */
interface Pieces<T> {
  length: number;
  holds(at: number, mark: string): boolean;
  slice(from: number, to: number): T;
  from(text: string): T;
  join(parts: T[]): T;
}

/**
 * spliceManifestJson given the edits that made each column from the previous one: the previous text's
 * unchanged runs are found from the lengths summed at the edited positions, not by walking every entry.
 */
export function spliceEditedJson(json: string, files: EditedColumn, entities: EditedColumn): string | undefined {
  const pieces: Pieces<string> = {
    length: json.length,
    holds: (at, mark) => json.startsWith(mark, at),
    slice: (from, to) => json.slice(from, to),
    from: (text) => text,
    join: (parts) => parts.join(''),
  };
  return spliceEdited(pieces, files, entities);
}

/**
 * spliceEditedJson on the previous text's UTF-8, when it is all ASCII (each character one byte, so the lengths
 * summed are byte counts): the new text's bytes without the whole text made and encoded again.
 */
export function spliceEditedJsonBytes(json: Uint8Array, files: EditedColumn, entities: EditedColumn): Uint8Array | undefined {
  if (!isAscii(json)) return undefined;
  const pieces: Pieces<Uint8Array> = {
    length: json.length,
    // The marks are ASCII: the bytes as long as one, read one character a byte, are it if it is there.
    holds: (at, mark) => Buffer.from(json.subarray(at, at + mark.length)).toString('latin1') === mark,
    slice: (from, to) => json.subarray(from, to),
    from: (text) => Buffer.from(text),
    join: (parts) => Buffer.concat(parts),
  };
  return spliceEdited(pieces, files, entities);
}

/** The previous manifest file, not read whole: its length, and whether a mark is at a place in it. */
export interface PreviousJsonFile {
  length: number;
  /** Whether every byte is ASCII (then the lengths summed from the columns are byte positions). */
  ascii: boolean;
  holds(at: number, mark: string): boolean;
  /** Its bytes, read whole (for a build that makes the new file's bytes itself). */
  bytes(): Uint8Array;
}

/**
 * spliceEditedJsonBytes on the previous file where it lies, as parts: the bytes made now and the stretches of
 * that file between them (copied by the writer a megabyte at a time, so the file is never read whole).
 */
export function spliceEditedJsonParts(file: PreviousJsonFile, files: EditedColumn, entities: EditedColumn): (Uint8Array | PreviousStretch)[] | undefined {
  if (!file.ascii) return undefined;
  const pieces: Pieces<(Uint8Array | PreviousStretch)[]> = {
    length: file.length,
    holds: (at, mark) => file.holds(at, mark),
    slice: (from, to) => (to > from ? [{ start: from, length: to - from }] : []),
    from: (text) => [Buffer.from(text)],
    join: (parts) => parts.flat(),
  };
  return spliceEdited(pieces, files, entities);
}

function spliceEdited<T>(json: Pieces<T>, files: EditedColumn, entities: EditedColumn): T | undefined {
  const layout = editedLayout(json.length, json.holds, files, entities);
  if (!layout) return undefined;
  const comma = json.from(',');
  const part = (column: EditedColumn, start: (position: number) => number) =>
    splicedPieces(column.base.keys.length, column.edits, start, 1, json.slice, (entry) => json.from(member(entry.key, entry.value))).flatMap((piece, at) =>
      at === 0 ? [piece] : [comma, piece],
    );
  return json.join([json.from(FILES_START), ...part(files, layout.files), json.from(ENTITIES_START), ...part(entities, layout.entities), json.from(END)]);
}

/** Where each column's entries begin in the previous text, if the text is what the columns' lengths make. */
function editedLayout(
  length: number,
  holds: (at: number, text: string) => boolean,
  files: EditedColumn,
  entities: EditedColumn,
): { files: (position: number) => number; entities: (position: number) => number } | undefined {
  // Each member is `"key":"value"` and a comma (the last one's is not there).
  const starts =
    ({ sums }: EditedColumn, from: number) =>
    (position: number) =>
      from + (sums.keys.get(position) as number) + (sums.values.get(position) as number) + 6 * position;
  const end = (column: EditedColumn, from: number) => (column.base.keys.length === 0 ? from : starts(column, from)(column.base.keys.length) - 1);
  const filesEnd = end(files, FILES_START.length);
  const entitiesFrom = filesEnd + ENTITIES_START.length;
  // A text with escapes has entries longer than their keys and values: its lengths do not add up.
  if (end(entities, entitiesFrom) + END.length !== length || !holds(0, FILES_START) || !holds(filesEnd, ENTITIES_START)) return undefined;
  return { files: starts(files, FILES_START.length), entities: starts(entities, entitiesFrom) };
}

// What JSON.stringify makes of an object with these keys and values in this order; quoted by hand when nothing needs escaping.
function jsonMembers(column: Column): string {
  const [keys, values] = [column.keys.toArray(), column.values.toArray()];
  const plain = !ESCAPED_IN_JSON.test(keys.join('')) && !ESCAPED_IN_JSON.test(values.join(''));
  const quote = plain ? (text: string) => `"${text}"` : (text: string) => JSON.stringify(text);
  const members = new Array<string>(keys.length);
  for (let at = 0; at < keys.length; at += 1) members[at] = `${quote(keys[at])}:${quote(values[at])}`;
  return members.join(',');
}

/** Where each entry of an unescaped column starts in its text (entries `"key":"value"`, separated by commas), and where the last ends. */
function entryStarts({ keys, values }: Column, from: number): { starts: Int32Array; end: number } {
  const starts = new Int32Array(keys.length);
  let at = from;
  for (let index = 0; index < keys.length; index += 1) {
    starts[index] = at;
    at += keys.lengthAt(index) + values.lengthAt(index) + 6;
  }
  return { starts, end: keys.length === 0 ? from : at - 1 };
}

/** A column's members, runs of entries unchanged since `before` sliced from its text. */
function splicedMembers(before: Column, starts: Int32Array, now: Column, text: string): string {
  const parts: string[] = [];
  let runFrom = -1;
  let runTo = -1;
  const closeRun = () => {
    if (runFrom !== -1) parts.push(text.slice(starts[runFrom], starts[runTo] + before.keys.lengthAt(runTo) + before.values.lengthAt(runTo) + 5));
    runFrom = -1;
  };
  walkSorted(before.keys, now.keys, (old, index) => {
    // An entry gone: the next one kept is not the run's next, so it starts another.
    if (index === undefined) return;
    if (old !== undefined && before.values.at(old) === now.values.at(index)) {
      if (runFrom === -1 || old !== runTo + 1) {
        closeRun();
        runFrom = old;
      }
      runTo = old;
      return;
    }
    closeRun();
    parts.push(member(now.keys.at(index), now.values.at(index)));
  });
  closeRun();
  return parts.join(',');
}

function member(key: string, value: string): string {
  return escapeJsonText(`${quoted(key)}:${quoted(value)}`);
}

function quoted(text: string): string {
  return ESCAPED_IN_JSON.test(text) ? JSON.stringify(text) : `"${text}"`;
}
