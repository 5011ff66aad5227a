import { FORMATS, NEGOTIATED_TYPES } from '../route/paths.ts';
import type { Router } from '../route/router.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';

// Stands for the id in a format file's path, replaced by the host's code (no path of the site holds braces).
const FILE_ID = '{id}';

/**
 * The constants every host's code that negotiates `/{id}` declares, as JavaScript: the formats' media types (the
 * record's first; what negotiatedType picks among), Content-Types, URL suffixes and files (formatFile(slot, id)),
 * and RECORD_PATH, which matches `/{id}` alone with the id as its group.
 */
export function negotiationConstants(router: Router): string {
  return `// What /{id} is negotiated among (the record's first): the formats' media types, Content-Types, URL suffixes and files.
const NEGOTIATED_TYPES = ${JSON.stringify(NEGOTIATED_TYPES)};
const TYPES = ${JSON.stringify(FORMATS.map((spec) => spec.contentType))};
const SUFFIXES = ${JSON.stringify(FORMATS.map((spec) => spec.urlSuffix))};
const FORMAT_FILES = ${JSON.stringify(FORMATS.map((spec) => router.formatLinkPath(FILE_ID, spec.format)))};
const RECORD_PATH = new RegExp(${JSON.stringify(`^${escapeRegExp(router.basePath)}/([^/.]+)$`)});
function formatFile(slot, id) {
  return FORMAT_FILES[slot].replace(${JSON.stringify(FILE_ID)}, id);
}`;
}
