// How definition search reads text: the core's normalisation, English stop words left out, every other word
// stemmed (Porter's stemmer, from the `stemmer` package). Part of the search core every runtime runs (see
// search-core.js), in the JavaScript njs 0.7 runs.
import { stemmer } from 'stemmer';
import { hasOwn, normalize } from './search-text.js';

// Words too common in definitions to tell one from another (a query made only of them finds nothing).
/** @type {Record<string, boolean>} */
const STOP_WORDS = {};
// Function words only: words such as "one", "both", "before" or "must" tell legal definitions apart.
const STOP_LIST =
  'a an and are as at be been being by for from had has have he her his i if in into is it its of on or our she so than that the their them then these they this those to was we were what when where which while who whom whose why with you your';
const stopWords = STOP_LIST.split(' ');
for (let at = 0; at < stopWords.length; at += 1) STOP_WORDS[stopWords[at]] = true;

// Stems by word: a corpus repeats its words (900,000 words of FOLIO-shaped definitions are 489 distinct ones),
// and stemming each again took 320 ms of 390. Emptied when full, so a long-running worker's stays small.
/** @type {Record<string, string>} */
let stems = {};
let stemCount = 0;
const MOST_STEMS = 50000;

/** @param {string} word */
function stemOf(word) {
  if (hasOwn(stems, word)) return stems[word];
  if (stemCount === MOST_STEMS) {
    stems = {};
    stemCount = 0;
  }
  stemCount += 1;
  return (stems[word] = stemmer(word));
}

/**
 * A text's terms as definition search indexes and queries them: its stems in order, stop words left out
 * (so a phrase reads across them, as "party to the contract" reads as "parti contract").
 * @param {string} text @returns {string[]}
 */
export function definitionTerms(text) {
  const words = normalize(text).split(' ');
  /** @type {string[]} */
  const terms = [];
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    if (word === '' || hasOwn(STOP_WORDS, word)) continue;
    terms.push(stemOf(word));
  }
  return terms;
}
