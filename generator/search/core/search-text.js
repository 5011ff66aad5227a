// How search reads text: normalisation, code point order and length. Part of the search core every runtime
// runs (see search-core.js): written in the JavaScript njs 0.7 runs (no classes, spread, destructuring,
// default parameters, for…of, optional chaining, Map or Set), and for both kinds of string engine: V8's
// strings index UTF-16 units, njs's index code points (and njs has no String.prototype.normalize).

/** True where a string's length and indices count code points (njs), not UTF-16 units. */
export const UNITS_ARE_CODE_POINTS = String.fromCodePoint(0x10000).length === 1;
const NATIVE_NFKD = typeof ''.normalize === 'function';

// Built from strings, and only where the engine reads them: njs's parser refuses the `u` flag and lone
// surrogates wherever it sees them written out, even in code it never runs.
const UNICODE_GLOBAL = NATIVE_NFKD ? 'gu' : 'g';
const MARKS = NATIVE_NFKD ? new RegExp('\\p{M}', UNICODE_GLOBAL) : undefined;
const NOT_LETTER_OR_DIGIT = NATIVE_NFKD ? new RegExp('[^\\p{L}\\p{N}]+', UNICODE_GLOBAL) : undefined;
const HIGH_SURROGATE = UNITS_ARE_CODE_POINTS ? undefined : new RegExp('[\\ud800-\\udbff]');
const ASCII = /^[\x00-\x7f]*$/;
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/g;
// Text that is not all ASCII: the property class tests only its non-ASCII stretches (it reads every character it
// scans, so over a whole 300-character definition it took most of the time), then every run of what is neither a
// letter nor a digit, ASCII or a space made of those stretches, is one space.
const NON_ASCII_RUN = /[^\x00-\x7f]+/g;
const NOT_WORD_UNIT = NATIVE_NFKD ? new RegExp('[^a-z0-9\\u0080-\\uffff]+', 'g') : undefined;

// The table path's own tests, one character at a time (njs reads \p without the `u` flag).
const LETTER_OR_DIGIT = new RegExp('[\\p{L}\\p{N}]', NATIVE_NFKD ? 'u' : '');
const LETTER = new RegExp('\\p{L}', NATIVE_NFKD ? 'u' : '');
const MARK = new RegExp('\\p{M}', NATIVE_NFKD ? 'u' : '');

/** @type {Record<string, string> | undefined} */
let foldTable;

/**
 * Whether an object holds a key of its own: njs has no Object.hasOwn, and a key may be named like one of
 * Object's own properties ("constructor").
 * @param {object} object @param {string} key
 */
export function hasOwn(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * Where there is no String.prototype.normalize (njs), normalize folds each character by this table: every
 * character that NFKD, dropping marks and lower-casing change otherwise than the table path's own rules
 * would (the build makes it, see generator/search/fold-table.ts).
 * @param {Record<string, string>} table
 */
export function useFoldTable(table) {
  foldTable = table;
}

/** NFKD, combining marks dropped, lower-cased, every run of non-letters/digits one space, trimmed. @param {string} text */
export function normalize(text) {
  // ASCII text has nothing to decompose and no marks: the same result, several times faster.
  if (ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_LETTER_OR_DIGIT, ' ').trim();
  if (!NATIVE_NFKD || !MARKS || !NOT_LETTER_OR_DIGIT || !NOT_WORD_UNIT) return normalizeByTable(text, foldTable ?? {});
  const notLetterOrDigit = NOT_LETTER_OR_DIGIT;
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(NON_ASCII_RUN, (run) => run.replace(notLetterOrDigit, ' '))
    .replace(NOT_WORD_UNIT, ' ')
    .trim();
}

/**
 * normalize without String.prototype.normalize: character by character, by the fold table, then by rule.
 * Exported so that runtimes with NFKD can check that both ways agree. @param {string} text @param {Record<string, string>} table
 */
export function normalizeByTable(text, table) {
  const characters = codePoints(text);
  let folded = '';
  for (let at = 0; at < characters.length; at += 1) {
    const character = characters[at];
    // Capital sigma lower-cases to final sigma at the end of a word, as toLowerCase does on a whole string.
    if (character === '\u03a3' && at > 0 && LETTER.test(lastCodePoint(folded)) && !LETTER.test(characters[at + 1] ?? '')) folded += '\u03c2';
    else folded += foldCharacter(character, table);
  }
  return folded.replace(/ +/g, ' ').trim();
}

/** @param {string} character @param {Record<string, string>} table */
function foldCharacter(character, table) {
  if (hasOwn(table, character)) return table[character];
  const code = /** @type {number} */ (character.codePointAt(0));
  if (code >= 0xac00 && code <= 0xd7a3) return hangul(code);
  if (MARK.test(character)) return '';
  const lower = character.toLowerCase();
  return LETTER_OR_DIGIT.test(lower) ? lower : ' ';
}

// Hangul syllables decompose by arithmetic (Unicode 3.12), not by table.
/** @param {number} code */
function hangul(code) {
  const index = code - 0xac00;
  const out = String.fromCodePoint(0x1100 + Math.floor(index / 588), 0x1161 + Math.floor((index % 588) / 28));
  return index % 28 === 0 ? out : out + String.fromCodePoint(0x11a7 + (index % 28));
}

/** The text's code points, each as a string. @param {string} text @returns {string[]} */
export function codePoints(text) {
  /** @type {string[]} */
  const characters = [];
  for (let at = 0; at < text.length; ) {
    const character = String.fromCodePoint(/** @type {number} */ (text.codePointAt(at)));
    characters.push(character);
    at += character.length;
  }
  return characters;
}

/** The text's code points, as numbers. @param {string} text @returns {number[]} */
export function codePointValues(text) {
  /** @type {number[]} */
  const values = [];
  for (let at = 0; at < text.length; ) {
    const value = /** @type {number} */ (text.codePointAt(at));
    values.push(value);
    at += UNITS_ARE_CODE_POINTS || value <= 0xffff ? 1 : 2;
  }
  return values;
}

/** @param {string} text */
function lastCodePoint(text) {
  const characters = codePoints(text.slice(-2));
  return characters[characters.length - 1] ?? '';
}

/**
 * Compares by Unicode code point, the order every index file is sorted in (V8's `<` compares UTF-16 units,
 * which puts U+10000 and above before U+E000–U+FFFF; njs's compares code points, and its charCodeAt gives them).
 * @param {string} a @param {string} b
 */
export function compareCodePoints(a, b) {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at += 1) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x !== y) return codePointRank(x) < codePointRank(y) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

// Surrogates encode code points above U+FFFF, so they rank after U+E000–U+FFFF; so do njs's whole code points.
/** @param {number} unit */
function codePointRank(unit) {
  return unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** @param {string} text */
export function codePointLength(text) {
  // Without surrogates every UTF-16 unit is one code point: no need to walk the string.
  if (!HIGH_SURROGATE || !HIGH_SURROGATE.test(text)) return text.length;
  return codePoints(text).length;
}

/**
 * Where a query matches a label, as a search box marks it: the label's code points [start, end) whose
 * normalised text is the query's, at the start of the label or of a later word; undefined where there is none.
 * @param {string} label @param {string} query @returns {[number, number] | undefined}
 */
export function matchedSpan(label, query) {
  const wanted = normalize(query);
  if (wanted === '') return undefined;
  // Each character folded alone; a character that folds to nothing (a space, a mark) separates words.
  const folded = codePoints(label).map((character) => normalize(character) || ' ');
  for (let start = 0; start < folded.length; start += 1) {
    if (folded[start] === ' ' || (start > 0 && folded[start - 1] !== ' ')) continue;
    let matched = '';
    let end = start;
    while (end < folded.length && normalize(matched).length < wanted.length) {
      matched += folded[end];
      end += 1;
    }
    if (normalize(matched) === wanted) return [start, end];
  }
  return undefined;
}
