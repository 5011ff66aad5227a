// Label search's ranking: how well a label answers a query whose words may come in any order, be cut short or
// hold a typo. Part of the search core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { codePoints } from './search-text.js';

/**
 * @typedef {{ entity: number, words: string[], primary: boolean }} LabelCandidate a label's normalised words, and
 *   whether it is its entity's rdfs:label
 */

/** Edits a word may hold and still match: one in words of 4 letters or more, two in words of 8 or more. @param {number} length */
export function allowedEdits(length) {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Edits between two words, counting a swap of neighbours as one (optimal string alignment), or `limit + 1`
 * once it is clear there are more than `limit`.
 * @param {readonly string[]} a code points @param {readonly string[]} b code points @param {number} limit
 */
export function editDistance(a, b, limit) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  /** @type {number[][]} */
  const rows = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) rows[i].push(i === 0 ? j : 0);
  }
  for (let i = 1; i <= a.length; i += 1) {
    let smallest = limit + 1;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      rows[i][j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
  }
  return Math.min(rows[a.length][b.length], limit + 1);
}

/**
 * How well a query word matches a label word: 1 the same word, 0.9 its start (a word being typed), 0.8 or 0.65
 * with one or two typos, 0.6 its start with a typo, 0 no match.
 * @param {string} query @param {string} word
 */
export function wordMatch(query, word) {
  if (query === word) return 1;
  if (word.startsWith(query) && query.length >= 2) return 0.9;
  const q = codePoints(query);
  const w = codePoints(word);
  const allowed = allowedEdits(w.length);
  if (allowed > 0) {
    const edits = editDistance(q, w, allowed);
    if (edits <= allowed) return edits === 1 ? 0.8 : 0.65;
  }
  // A word being typed, with a typo in what is typed so far.
  const typed = allowedEdits(q.length);
  if (typed > 0 && w.length > q.length && editDistance(q, w.slice(0, q.length), typed) <= typed) return 0.6;
  return 0;
}

/**
 * A label's score for the query's words, in [0, 1]: how much of the query it explains (each label word matched at
 * most once, the best first), how much of the label the query covers, and whether the words come in its order.
 * @param {readonly string[]} query @param {readonly string[]} label
 */
export function labelScore(query, label) {
  if (query.length === 0 || label.length === 0) return 0;
  /** @type {boolean[]} */
  const used = [];
  let explained = 0;
  let covered = 0;
  let inOrder = true;
  let previous = -1;
  for (let at = 0; at < query.length; at += 1) {
    let best = 0;
    let bestAt = -1;
    for (let index = 0; index < label.length; index += 1) {
      if (used[index]) continue;
      const match = wordMatch(query[at], label[index]);
      if (match > best) {
        best = match;
        bestAt = index;
      }
    }
    if (bestAt < 0) continue;
    used[bestAt] = true;
    explained += best;
    covered += 1;
    if (bestAt < previous) inOrder = false;
    previous = bestAt;
  }
  // Half the query's words at least must match: otherwise one shared word would find half the ontology.
  if (covered * 2 < query.length) return 0;
  const score = (explained / query.length) * (0.8 + (0.2 * covered) / label.length) * (inOrder ? 1 : 0.97);
  return Math.round(score * 10000) / 10000;
}

/**
 * The entities the candidates' labels best answer, best first, each once with its best label's score; ties go to
 * an entity's rdfs:label, then to the shorter label, then to the lower entity number.
 * @param {readonly string[]} query the query's normalised words @param {readonly LabelCandidate[]} candidates
 * @param {number} limit @returns {[number, number][]}
 */
export function rankLabels(query, candidates, limit) {
  /** @type {Record<string, { entity: number, score: number, primary: boolean, length: number }>} */
  const best = {};
  for (let at = 0; at < candidates.length; at += 1) {
    const candidate = candidates[at];
    const score = labelScore(query, candidate.words);
    if (score === 0) continue;
    const key = String(candidate.entity);
    const known = best[key];
    const length = candidate.words.length;
    if (
      known === undefined ||
      score > known.score ||
      (score === known.score && ((candidate.primary && !known.primary) || (candidate.primary === known.primary && length < known.length)))
    ) {
      best[key] = { entity: candidate.entity, score, primary: candidate.primary, length };
    }
  }
  const ranked = Object.keys(best).map((key) => best[key]);
  ranked.sort((a, b) => b.score - a.score || (a.primary === b.primary ? 0 : a.primary ? -1 : 1) || a.length - b.length || a.entity - b.entity);
  /** @type {[number, number][]} */
  const top = [];
  for (let at = 0; at < ranked.length && at < limit; at += 1) top.push([ranked[at].entity, ranked[at].score]);
  return top;
}
