import { ENTITY_URL_SEGMENTS, FORMATS, MOST_ID_SEGMENTS, NEGOTIATED_TYPES, SITE_OWN_NAMES, SITE_PATH_IDS } from '../route/paths.ts';
import type { Router } from '../route/router.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';

// Stands for the id in a format file's path, replaced by the host's code (no path of the site holds braces).
const FILE_ID = '{id}';

/**
 * What every host's code that negotiates `/{id}` shares, as JavaScript (it calls negotiatedType, which each inlines
 * or imports): the formats' media types (the record's first), Content-Types, URL suffixes and files
 * (formatFile(slot, id)); negotiatedSlot, which tells a request for `/{id}` and the format it asks for; and
 * negotiatedResponse, which answers with that format's file, its type, CORS and `Vary: Accept`.
 */
export function negotiatedEntitySource(router: Router): string {
  return `// What /{id} is negotiated among (the record's first): the formats' media types, Content-Types, URL suffixes and files.
const NEGOTIATED_TYPES = ${JSON.stringify(NEGOTIATED_TYPES)};
const TYPES = ${JSON.stringify(FORMATS.map((spec) => spec.contentType))};
const SUFFIXES = ${JSON.stringify(FORMATS.map((spec) => spec.urlSuffix))};
const FORMAT_FILES = ${JSON.stringify(FORMATS.map((spec) => router.formatLinkPath(FILE_ID, spec.format)))};
// The record of an id with a "/", where the layout keeps it apart.
const NESTED_RECORD_FILE = ${JSON.stringify(router.nestedRecordLinkPath(FILE_ID) ?? router.formatLinkPath(FILE_ID, 'json'))};
// /{id}, the id of up to ${MOST_ID_SEGMENTS} segments, none after the first a format's, nor the first one of the site's folders.
const RECORD_PATH = new RegExp(${JSON.stringify(`^${escapeRegExp(router.basePath)}/([^/.]+(?:/[^/.]+){0,${MOST_ID_SEGMENTS - 1}})$`)});
const NOT_FIRST = new Set(${JSON.stringify([...SITE_OWN_NAMES, ...SITE_PATH_IDS])});
const NOT_AFTER_FIRST = new Set(${JSON.stringify([...ENTITY_URL_SEGMENTS])});
function formatFile(slot, id) {
  return (slot === 0 && id.includes('/') ? NESTED_RECORD_FILE : FORMAT_FILES[slot]).replace(${JSON.stringify(FILE_ID)}, id);
}
// A read of /{id} (GET or HEAD): its id, and the place among the formats of the one the Accept header asks for; undefined otherwise.
function negotiatedSlot(method, path, accept) {
  const match = RECORD_PATH.exec(path);
  if (!match || (method !== 'GET' && method !== 'HEAD')) return undefined;
  const [first, ...later] = match[1].split('/');
  if (later.length > 0 && (NOT_FIRST.has(first) || later.some((segment) => NOT_AFTER_FIRST.has(segment)))) return undefined;
  return { id: match[1], slot: negotiatedType(accept, NEGOTIATED_TYPES) };
}
// The answer to it: the format's file (a fetch's response), as that format, marked as negotiated.
function negotiatedResponse(method, slot, file) {
  const headers = { 'Content-Type': TYPES[slot], 'Access-Control-Allow-Origin': '*', Vary: 'Accept' };
  return new Response(method === 'HEAD' ? null : file.body, { headers });
}`;
}
