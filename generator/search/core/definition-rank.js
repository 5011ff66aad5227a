// Definition search's ranking: BM25 over the definitions' stems (see definition-text.js), raised for documents
// where the query's words stand next to each other in the same order (a phrase copied from a definition).
// Part of the search core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { hasOwn } from './search-text.js';
import { bucketOf } from './word-layout.js';

/**
 * @typedef {number[]} DefinitionPosting one document's entry in a stem's list: [document, its length in terms,
 *   the stem's count in it, then the stem's first positions in it, then the neighbours of each of those
 *   positions (see neighboursAt)]
 * @typedef {{ count: number, averageLength: number }} DefinitionStats how many documents, and their mean length in terms
 * @typedef {{ frequency: number, postings: readonly DefinitionPosting[] }} DefinitionList a term's postings (the index
 *   keeps the longest lists' first entries only) and the number of documents that hold it
 */

const K1 = 1.2;
const B = 0.75;
// How much a document gains, at most, when every pair of neighbouring query words stands together in it.
const PHRASE_WEIGHT = 1;
// A stem's mark in a neighbour record: 1 to NEIGHBOUR_MARKS - 1 (0: no term there). 12 bits keep a record short; two
// stems sharing a mark can only make a document seem to hold a phrase of the query it holds half of.
const NEIGHBOUR_MARKS = 4096;

/** @param {string} term */
function neighbourMark(term) {
  return 1 + bucketOf(term, NEIGHBOUR_MARKS - 1);
}

/**
 * Which terms stand before and after position `at` of a document's terms, as one number: a document found by one
 * query term shows which of its neighbours the query has, where those neighbours' own lists are cut and leave it out.
 * @param {readonly string[]} terms @param {number} at
 */
export function neighboursAt(terms, at) {
  return (at > 0 ? neighbourMark(terms[at - 1]) : 0) * NEIGHBOUR_MARKS + (at + 1 < terms.length ? neighbourMark(terms[at + 1]) : 0);
}

/** A posting's positions, and their neighbours. @param {DefinitionPosting} posting */
export function postingPositions(posting) {
  const listed = (posting.length - 3) / 2;
  return { positions: posting.slice(3, 3 + listed), neighbours: posting.slice(3 + listed) };
}

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
  /** @type {Record<string, Hit>} */
  const found = {};
  /** @type {Record<string, boolean>} */
  const seen = {};
  // Each term's weight, and whether its list is cut (a document it leaves out may hold the term).
  /** @type {Record<string, number>} */
  const weights = {};
  /** @type {Record<string, boolean>} */
  const cut = {};
  let highest = 0;
  for (let at = 0; at < terms.length; at += 1) {
    const term = terms[at];
    if (hasOwn(seen, term)) continue;
    seen[term] = true;
    const list = postingsOf(term);
    const postings = list.postings;
    const idf = Math.log(1 + (stats.count - list.frequency + 0.5) / (list.frequency + 0.5));
    weights[term] = idf;
    cut[term] = postings.length < list.frequency;
    // The term once in a definition of average length.
    highest += idf;
    for (let entry = 0; entry < postings.length; entry += 1) {
      const posting = postings[entry];
      const key = String(posting[0]);
      if (!hasOwn(found, key)) found[key] = { document: posting[0], length: posting[1], score: 0, positions: {}, neighbours: {} };
      const hit = found[key];
      hit.score += termScore(idf, posting[2], posting[1], stats);
      const listed = postingPositions(posting);
      hit.positions[term] = listed.positions;
      hit.neighbours[term] = listed.neighbours;
    }
  }
  /** @type {[number, number][]} */
  const ranked = [];
  const keys = Object.keys(found);
  for (let at = 0; at < keys.length; at += 1) {
    const hit = found[keys[at]];
    addNeighbours(hit, terms, { weights, cut, stats });
    ranked.push([hit.document, hit.score * (1 + PHRASE_WEIGHT * phraseShare(terms, hit.positions))]);
  }
  // Ranked by the score itself; reported as a share, which the cap may make equal for the first few.
  ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const scale = highest * (1 + (terms.length > 1 ? PHRASE_WEIGHT : 0));
  return ranked.slice(0, limit).map((entry) => [entry[0], Math.min(1, Math.round((10000 * entry[1]) / scale) / 10000)]);
}

/**
 * @typedef {{ document: number, length: number, score: number, positions: Record<string, readonly number[]>,
 *   neighbours: Record<string, readonly number[]> }} Hit a document the query's lists found, and what they show of it
 */

/** BM25's weight of a term `frequency` times in a document of `length` terms. @param {number} idf @param {number} frequency @param {number} length @param {DefinitionStats} stats */
function termScore(idf, frequency, length, stats) {
  return (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / stats.averageLength));
}

/**
 * The query terms a document holds next to a term it is listed under, where their own lists are cut and leave it
 * out: each counted once, at the position the neighbour record shows (a whole list settles that a document it
 * leaves out lacks its term).
 * @param {Hit} hit @param {readonly string[]} terms
 * @param {{ weights: Record<string, number>, cut: Record<string, boolean>, stats: DefinitionStats }} lists
 */
function addNeighbours(hit, terms, lists) {
  for (let at = 0; at + 1 < terms.length; at += 1) {
    const before = terms[at];
    const after = terms[at + 1];
    if (hasOwn(hit.positions, before) && !hasOwn(hit.positions, after) && lists.cut[after]) {
      const found = neighbourPosition(hit, before, neighbourMark(after), 1);
      if (found >= 0) inferTerm(hit, after, found, lists);
    } else if (hasOwn(hit.positions, after) && !hasOwn(hit.positions, before) && lists.cut[before]) {
      const found = neighbourPosition(hit, after, neighbourMark(before), -1);
      if (found >= 0) inferTerm(hit, before, found, lists);
    }
  }
}

/** Where `mark` stands next to one of `term`'s positions (`side` 1: after it, -1: before it), or -1. @param {Hit} hit @param {string} term @param {number} mark @param {number} side */
function neighbourPosition(hit, term, mark, side) {
  const positions = hit.positions[term];
  const neighbours = hit.neighbours[term];
  for (let index = 0; index < neighbours.length; index += 1) {
    const beside = side > 0 ? neighbours[index] % NEIGHBOUR_MARKS : Math.floor(neighbours[index] / NEIGHBOUR_MARKS);
    if (beside === mark) return positions[index] + side;
  }
  return -1;
}

/** Counts a term in a document once, at `position`. @param {Hit} hit @param {string} term @param {number} position @param {{ weights: Record<string, number>, stats: DefinitionStats }} lists */
function inferTerm(hit, term, position, lists) {
  hit.score += termScore(lists.weights[term], 1, hit.length, lists.stats);
  hit.positions[term] = [position];
  hit.neighbours[term] = [];
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
