// Where label and definition search's files lie, and which file holds a word: the one module that decides it,
// for the build and every runtime (see search-core.js). Written in the JavaScript njs 0.7 runs.
import { codePoints } from './search-text.js';

/** The entry of label and definition search, in the search folder: the format, and how many files each index has. */
export const WORDS_FILE = 'words.json';

/** The entry's and the files' format: a runtime reads only the version it was written for. */
export const WORDS_VERSION = 1;

/** Where label file `bucket` lives, relative to the search folder. @param {number} bucket */
export function labelFilePath(bucket) {
  return 'l/' + bucket + '.json';
}

/** Where definition file `bucket` lives, relative to the search folder. @param {number} bucket */
export function definitionFilePath(bucket) {
  return 'd/' + bucket + '.json';
}

/**
 * Which of `buckets` files holds a key: FNV-1a over the key's UTF-16 units, worked out from its code points so
 * that njs, whose strings index code points, hashes as V8 does. @param {string} key @param {number} buckets
 */
export function bucketOf(key, buckets) {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; ) {
    const code = /** @type {number} */ (key.codePointAt(at));
    if (code < 0x10000) hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
    else {
      hash = Math.imul(hash ^ (0xd800 + ((code - 0x10000) >> 10)), 0x01000193) >>> 0;
      hash = Math.imul(hash ^ (0xdc00 + ((code - 0x10000) & 0x3ff)), 0x01000193) >>> 0;
    }
    at += String.fromCodePoint(code).length;
  }
  return hash % buckets;
}

/** @param {string[]} points @param {number} first @param {number} second */
function pair(points, first, second) {
  return (points[first] === undefined ? '' : points[first]) + (points[second] === undefined ? '' : points[second]);
}

/** The key a query word is looked up under: its first two letters. @param {string} word */
export function queryKey(word) {
  return 'p' + pair(codePoints(word), 0, 1);
}

/**
 * The keys a label word is stored under: its first two letters, and those a query would begin with that dropped
 * its first or second letter or swapped them; and its last two letters with its length and its length + 1, which
 * a query whose first letter is replaced or added is looked up under (fallbackKey) when nothing else matched.
 * @param {string} word @returns {string[]}
 */
export function storedKeys(word) {
  const points = codePoints(word);
  const keys = ['p' + pair(points, 0, 1), 'p' + pair(points, 1, 2), 'p' + pair(points, 0, 2), 'p' + pair(points, 1, 0)];
  const end = pair(points, points.length - 2, points.length - 1);
  keys.push('s' + end + points.length, 's' + end + (points.length + 1));
  /** @type {string[]} */
  const unique = [];
  for (let at = 0; at < keys.length; at += 1) if (unique.indexOf(keys[at]) < 0) unique.push(keys[at]);
  return unique;
}

/** The key a query word whose first letters match nothing is looked up under. @param {string} word */
export function fallbackKey(word) {
  const points = codePoints(word);
  return 's' + pair(points, points.length - 2, points.length - 1) + points.length;
}

/** The key the labels holding two busy words are stored under: the words in code point order, joined by a space. @param {string} pair */
export function pairKey(pair) {
  return 'q' + pair;
}

/** The key a stem's postings are stored under. @param {string} stem */
export function stemKey(stem) {
  return 't' + stem;
}
