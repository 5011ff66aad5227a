import { escapeJsonText } from '../emit/json.ts';
import { walkSorted, type Column } from './sorted-keys.ts';
import { entryStarts as editStarts, spliceEntries, type FileEdit } from './file-edits.ts';

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
export function spliceManifestJson(
  before: { files: Column; entities: Column; json: string },
  files: Column,
  entities: Column,
  edits?: readonly FileEdit[],
): string | undefined {
  const { json } = before;
  // Given the edits that made the files column, only the positions they name are measured.
  const edited = edits && editedStarts(before.files, edits, FILES_START.length);
  const fileStarts = edited ?? entryStarts(before.files, FILES_START.length);
  const entityStarts = entryStarts(before.entities, fileStarts.end + ENTITIES_START.length);
  if (entityStarts.end + END.length !== json.length || !json.startsWith(FILES_START) || !json.startsWith(ENTITIES_START, fileStarts.end)) return undefined;
  const filesPart =
    edited && edits
      ? spliceEntries(json, before.files, edits, edited.starts, ',', (entry) => member(entry.path, entry.hash))
      : splicedMembers(before.files, (fileStarts as { starts: Int32Array }).starts, files, json);
  const entitiesPart = splicedMembers(before.entities, entityStarts.starts, entities, json);
  return `${FILES_START}${filesPart}${ENTITIES_START}${entitiesPart}${END}`;
}

// Each member is `"key":"value"` and a comma: the last one's comma is not there.
function editedStarts(files: Column, edits: readonly FileEdit[], from: number): { starts: Map<number, number>; end: number } {
  const { starts, end } = editStarts(files, edits, from, (key, value) => key.length + value.length + 6);
  return { starts, end: files.keys.length === 0 ? from : end - 1 };
}

function member(key: string, value: string): string {
  return escapeJsonText(`${quoted(key)}:${quoted(value)}`);
}

// What JSON.stringify makes of an object with these keys and values in this order; quoted by hand when nothing needs escaping.
function jsonMembers({ keys, values }: Column): string {
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
    at += keys[index].length + values[index].length + 6;
  }
  return { starts, end: keys.length === 0 ? from : at - 1 };
}

/** A column's members, runs of entries unchanged since `before` sliced from its text. */
function splicedMembers(before: Column, starts: Int32Array, now: Column, text: string): string {
  const parts: string[] = [];
  let runFrom = -1;
  let runTo = -1;
  const closeRun = () => {
    if (runFrom !== -1) parts.push(text.slice(starts[runFrom], starts[runTo] + before.keys[runTo].length + before.values[runTo].length + 5));
    runFrom = -1;
  };
  walkSorted(before.keys, now.keys, (old, index) => {
    // An entry gone: the next one kept is not the run's next, so it starts another.
    if (index === undefined) return;
    if (old !== undefined && before.values[old] === now.values[index]) {
      if (runFrom === -1 || old !== runTo + 1) {
        closeRun();
        runFrom = old;
      }
      runTo = old;
      return;
    }
    closeRun();
    parts.push(member(now.keys[index], now.values[index]));
  });
  closeRun();
  return parts.join(',');
}

function quoted(text: string): string {
  return ESCAPED_IN_JSON.test(text) ? JSON.stringify(text) : `"${text}"`;
}
