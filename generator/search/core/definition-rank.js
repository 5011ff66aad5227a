// Definition search's ranking: BM25 over the definitions' stems (see definition-text.js), raised for documents
// where the query's words stand next to each other in the same order (a phrase copied from a definition).
// Part of the search core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { hasOwn } from './search-text.js';

/**
 * @typedef {number[]} DefinitionPosting one document's entry in a stem's list: [document, its length in terms,
 *   the stem's count in it, then the stem's first positions in it]
 * @typedef {{ count: number, averageLength: number }} DefinitionStats how many documents, and their mean length in terms
 * @typedef {{ frequency: number, postings: readonly DefinitionPosting[] }} DefinitionList a term's postings (the index
 *   keeps the longest lists' first entries only) and the number of documents that hold it
 */

const K1 = 1.2;
const B = 0.75;
// How much a document gains, at most, when every pair of neighbouring query words stands together in it.
const PHRASE_WEIGHT = 1;

/**
 * The documents that hold any of the query's terms, best first (ties by document number), with their scores in
 * [0, 1]: the share of what a definition of average length holding each of the query's terms once, every pair of
 * neighbouring words together, would score (a shorter one, or one repeating the terms, is capped at 1).
 * @param {readonly string[]} terms the query's terms, in order (definitionTerms)
 * @param {(term: string) => DefinitionList} postingsOf a term's postings, cut or whole, and how many documents hold it
 * @param {DefinitionStats} stats @param {number} limit
 * @returns {[number, number][]}
 */
export function rankDefinitions(terms, postingsOf, stats, limit) {
  /** @type {Record<string, { document: number, score: number, positions: Record<string, readonly number[]> }>} */
  const found = {};
  /** @type {Record<string, boolean>} */
  const seen = {};
  let highest = 0;
  for (let at = 0; at < terms.length; at += 1) {
    const term = terms[at];
    if (hasOwn(seen, term)) continue;
    seen[term] = true;
    const list = postingsOf(term);
    const postings = list.postings;
    const idf = Math.log(1 + (stats.count - list.frequency + 0.5) / (list.frequency + 0.5));
    // The term once in a definition of average length.
    highest += idf;
    for (let entry = 0; entry < postings.length; entry += 1) {
      const posting = postings[entry];
      const document = posting[0];
      const frequency = posting[2];
      const norm = frequency + K1 * (1 - B + (B * posting[1]) / stats.averageLength);
      const key = String(document);
      if (!hasOwn(found, key)) found[key] = { document, score: 0, positions: {} };
      found[key].score += (idf * frequency * (K1 + 1)) / norm;
      found[key].positions[term] = posting.slice(3);
    }
  }
  /** @type {[number, number][]} */
  const ranked = [];
  const keys = Object.keys(found);
  for (let at = 0; at < keys.length; at += 1) {
    const hit = found[keys[at]];
    ranked.push([hit.document, hit.score * (1 + PHRASE_WEIGHT * phraseShare(terms, hit.positions))]);
  }
  // Ranked by the score itself; reported as a share, which the cap may make equal for the first few.
  ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const scale = highest * (1 + (terms.length > 1 ? PHRASE_WEIGHT : 0));
  return ranked.slice(0, limit).map((entry) => [entry[0], Math.min(1, Math.round((10000 * entry[1]) / scale) / 10000)]);
}

/**
 * The share of the query's neighbouring pairs of terms that stand next to each other, in the same order, in the document.
 * @param {readonly string[]} terms @param {Record<string, readonly number[]>} positions
 */
function phraseShare(terms, positions) {
  if (terms.length < 2) return 0;
  let together = 0;
  for (let at = 0; at + 1 < terms.length; at += 1) {
    if (!hasOwn(positions, terms[at]) || !hasOwn(positions, terms[at + 1])) continue;
    const first = positions[terms[at]];
    const second = positions[terms[at + 1]];
    for (let index = 0; index < first.length; index += 1) {
      if (second.indexOf(first[index] + 1) >= 0) {
        together += 1;
        break;
      }
    }
  }
  return together / (terms.length - 1);
}
