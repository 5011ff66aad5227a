// Where label and definition search's files lie, and which file holds a word: the one module that decides it,
// for the build and every runtime (see search-core.js). Written in the JavaScript njs 0.7 runs.
import { codePoints } from './search-text.js';

/** The entry of label and definition search, in the search folder: the format, and how many files each index has. */
export const WORDS_FILE = 'words.json';

/** The entry's and the files' format: a runtime reads only the version it was written for. */
export const WORDS_VERSION = 3;

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

/**
 * @typedef {{ buckets: number, split: string[] }} LabelLayout the label index's file count, and the word beginnings
 *   (two letters or more) too common to key words by: their words are keyed by one letter more
 * @typedef {Record<string, boolean>} SplitSet the split beginnings, for look-up
 */

/** @param {readonly string[]} split @returns {SplitSet} */
export function splitSet(split) {
  // No prototype: a beginning may be any word, "constructor" too.
  /** @type {SplitSet} */
  const set = Object.create(null);
  for (let at = 0; at < split.length; at += 1) set[split[at]] = true;
  return set;
}

/**
 * The beginning a word is keyed by: its first two letters, and one more while the beginning so far is split and
 * leaves the word's ending (see endingLength) out of it: a typo in the beginning is then found by the ending.
 * @param {readonly string[]} points @param {SplitSet} split
 */
function keyedBeginning(points, split) {
  const longest = points.length - endingLength(points.length);
  // Grown a letter at a time rather than sliced and joined at each length (a word of many split beginnings, in a
  // label of 150,000 words, took a second so). A SplitSet has no prototype and holds true for each beginning.
  let beginning = points.length < 2 ? points.join('') : points[0] + points[1];
  for (let length = 2; length < longest && split[beginning] === true; length += 1) beginning += points[length];
  return beginning;
}

/** The letters of a word's ending its fallback key holds: two in words of up to 6 letters, three in longer ones. @param {number} length */
function endingLength(length) {
  return length <= 6 ? 2 : 3;
}

/** The key of the words of `length` letters ending so. @param {readonly string[]} points @param {number} length */
function endingKey(points, length) {
  return 's' + points.slice(-endingLength(length)).join('') + length;
}

/**
 * The key a query word is looked up under: its keyed beginning. A split beginning's own key (where a word being
 * typed, too short to leave an ending, is looked up) lists the commonest words it begins.
 * @param {string} word @param {SplitSet} split
 */
export function queryKey(word, split) {
  return 'p' + keyedBeginning(codePoints(word), split);
}

/**
 * What a query for a word would be if it dropped one of the letters the word's key is made of, or swapped two
 * neighbours among them or the key's last letter with the next: the typos label search finds under the word's
 * stored keys.
 * @param {string} word @param {SplitSet} split @returns {string[]}
 */
export function typoForms(word, split) {
  const points = codePoints(word);
  const depth = codePoints(keyedBeginning(points, split)).length;
  // Where each letter starts in the word's text: a form is two stretches of it (the letters are the text's, in order).
  /** @type {number[]} */
  const starts = [0];
  for (let at = 0; at < points.length; at += 1) starts.push(starts[at] + points[at].length);
  /** @type {string[]} */
  const forms = [];
  for (let at = 0; at < depth && at < points.length; at += 1) forms.push(word.slice(0, starts[at]) + word.slice(starts[at + 1]));
  // Up to the letter after the key: a swap across the key's end changes the key and, in a word just long enough for
  // its key and ending, the ending too.
  for (let at = 0; at < depth && at + 1 < points.length; at += 1) {
    forms.push(word.slice(0, starts[at]) + points[at + 1] + points[at] + word.slice(starts[at + 2]));
  }
  return forms;
}

/**
 * The keys a label word is stored under: its own, and those of its typo forms (see typoForms); and its ending with
 * its length and its length + 1, which a query with a letter of its key replaced or added is looked up under
 * (fallbackKey) when its own key matched nothing.
 * @param {string} word @param {SplitSet} split @returns {string[]}
 */
export function storedKeys(word, split) {
  const points = codePoints(word);
  const keys = ['p' + keyedBeginning(points, split)];
  const forms = typoForms(word, split);
  for (let at = 0; at < forms.length; at += 1) keys.push('p' + keyedBeginning(codePoints(forms[at]), split));
  keys.push(endingKey(points, points.length), endingKey(points, points.length + 1));
  /** @type {string[]} */
  const unique = [];
  for (let at = 0; at < keys.length; at += 1) if (unique.indexOf(keys[at]) < 0) unique.push(keys[at]);
  return unique;
}

/** The key a query word whose own key matched nothing is looked up under: its ending and length. @param {string} word */
export function fallbackKey(word) {
  const points = codePoints(word);
  return endingKey(points, points.length);
}

/** The key the labels holding two busy words are stored under: the words in code point order, joined by a space. @param {string} pair */
export function pairKey(pair) {
  return 'q' + pair;
}

/** The key a stem's postings are stored under. @param {string} stem */
export function stemKey(stem) {
  return 't' + stem;
}
