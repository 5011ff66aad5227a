// An id is the IRI's text after the base, as a client puts it in a URL: GS1's `defaultLink%2A`. Hosts decode a URL's
// path before they look a file up, so each id's files are named by its decoded form (`defaultLink*`). Plain
// JavaScript with its types in JSDoc: the Cloudflare worker inlines it (it looks bundles up by id), so both agree.

// What an id holds as itself: letters, digits, "-", "_", "~" and ":" (a colon is a path segment's own character);
// "/" between its segments (DBpedia's `Astronaut/timeInSpace`: no segment holds one, an escaped "/" is refused);
// and a dot, which no published id holds, but a file name read back keeps as it is (URLs write it so too).
const PLAIN = /[\p{L}\p{N}_~:./-]/u;
const ASCII_PLAIN = /^[A-Za-z0-9_~:./-]*$/;

/**
 * The file name of an id: its percent escapes decoded (an id is checked to decode, see checkIds).
 * @param {string} id @returns {string}
 */
export function fileNameOf(id) {
  return id.includes('%') ? decodeURIComponent(id) : id;
}

/**
 * The id a file name (or a decoded URL segment) stands for: every character that is not plain percent-encoded as
 * UTF-8 with capital hex digits, the one form checkIds publishes.
 * @param {string} name @returns {string}
 */
export function idOfFileName(name) {
  if (ASCII_PLAIN.test(name)) return name;
  let id = '';
  for (const character of name) id += PLAIN.test(character) ? character : escaped(character);
  return id;
}

/**
 * The id a URL's path names (the text after the base path, segments still escaped), whether the client escaped its
 * characters or not; undefined where an escape is malformed or stands for a "/" (`Astronaut%2FtimeInSpace` is no id's URL).
 * @param {string} path @returns {string | undefined}
 */
export function idOfUrlPath(path) {
  const segments = [];
  for (const segment of path.split('/')) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (decoded.includes('/')) return undefined;
    segments.push(decoded);
  }
  return idOfFileName(segments.join('/'));
}

const encoder = new TextEncoder();

/** @param {string} character @returns {string} */
function escaped(character) {
  let text = '';
  for (const byte of encoder.encode(character)) text += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return text;
}
