// Label search over the static label index: one file per query word, chosen by its first letters (see
// word-layout.js), and one more: the list of labels holding the query's two rarest busy words, or else, when a
// query word matched nothing, the first such word under its last letters and length. Part of the search core
// every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { compareCodePoints, hasOwn } from './search-text.js';
import { rankLabels, wordMatch } from './label-rank.js';
import { bucketOf, fallbackKey, labelFilePath, pairKey, queryKey, splitSet } from './word-layout.js';
import { StaleIndexError } from './prefix-lookup.js';

/**
 * @typedef {{ v: number, n: number, e: string[], p?: number[], l: string[], w: Record<string, number[]>,
 *   b?: Record<string, number>, q?: Record<string, number[]> }} LabelFile a file of the label index: its entities' ids
 *   (`p`: which of them are properties), the labels it lists (normalised), and by word — or by a pair of busy words,
 *   "a b" — the labels holding it as pairs [entity, label × 2 + 1 for an entity's rdfs:label]; `b`: how many labels
 *   each busy word of the file is in (its list keeps the shortest)
 * @typedef {{ id: string, property: boolean }} FoundEntity
 * @typedef {{ entities: FoundEntity[], candidates: import('./label-rank.js').LabelCandidate[] }} LabelCandidates
 */

/**
 * The labels the query's words reach, as candidates for rankLabels, numbered by entity in id order.
 * @param {string[]} words the query's distinct normalised words @param {import('./word-layout.js').LabelLayout} layout
 * @param {import('./prefix-lookup.js').ReadIndexFile} read @returns {Promise<LabelCandidates>}
 */
export async function lookUpLabels(words, layout, read) {
  const buckets = layout.buckets;
  const split = splitSet(layout.split);
  /** @type {LabelFile[]} */
  const files = [];
  for (let at = 0; at < words.length; at += 1) {
    // njs reads no await among a call's arguments.
    const file = await readLabelFile(bucketOf(queryKey(words[at], split), buckets), buckets, read);
    files.push(file);
  }
  const found = newFound();
  /** @type {{ word: string, count: number }[]} */
  const busy = [];
  /** @type {string | undefined} */
  let unmatched;
  for (let at = 0; at < words.length; at += 1) {
    const collected = collectWord(files[at], words[at], found);
    const rarest = collected.busiest;
    if (rarest !== undefined && !busy.some((other) => other.word === rarest.word)) busy.push(rarest);
    if (!collected.matched && unmatched === undefined) unmatched = words[at];
  }
  if (busy.length >= 2) {
    // Busy words keep only their shortest labels: labels holding the two rarest of the query's are listed apart.
    busy.sort((a, b) => a.count - b.count || compareCodePoints(a.word, b.word));
    const pair = compareCodePoints(busy[0].word, busy[1].word) < 0 ? busy[0].word + ' ' + busy[1].word : busy[1].word + ' ' + busy[0].word;
    const file = await readLabelFile(bucketOf(pairKey(pair), buckets), buckets, read);
    if (file.q !== undefined && hasOwn(file.q, pair)) addPostings(file, file.q[pair], found);
  } else if (unmatched !== undefined) {
    // A typo in the letters a word is keyed by: the word is also under its last letters and length.
    const fallback = await readLabelFile(bucketOf(fallbackKey(unmatched), buckets), buckets, read);
    collectWord(fallback, unmatched, found);
  }
  return candidatesOf(found);
}

/** @param {number} bucket @param {number} buckets @param {import('./prefix-lookup.js').ReadIndexFile} read @returns {Promise<LabelFile>} */
async function readLabelFile(bucket, buckets, read) {
  const file = /** @type {LabelFile} */ (await read(labelFilePath(bucket)));
  if (file.n !== buckets) throw new StaleIndexError('search index: label file ' + bucket + ' is not from the build words.json is');
  return file;
}

/** @returns {{ count: number, labels: Record<string, { id: string, property: boolean, primary: boolean, label: string }> }} */
function newFound() {
  return { count: 0, labels: {} };
}

/**
 * Adds a file's labels under each word the query word matches; says whether it matched one, and which busy word it
 * matches best (the rarer on a tie). @param {LabelFile} file @param {string} queryWord @param {ReturnType<typeof newFound>} found
 * @returns {{ matched: boolean, busiest: { word: string, count: number } | undefined }}
 */
function collectWord(file, queryWord, found) {
  const words = Object.keys(file.w);
  let matched = false;
  /** @type {{ word: string, count: number, match: number } | undefined} */
  let busiest;
  for (let at = 0; at < words.length; at += 1) {
    const match = wordMatch(queryWord, words[at]);
    if (match === 0) continue;
    matched = true;
    addPostings(file, file.w[words[at]], found);
    const count = file.b !== undefined && hasOwn(file.b, words[at]) ? file.b[words[at]] : 0;
    if (count > 0 && (busiest === undefined || match > busiest.match || (match === busiest.match && count < busiest.count))) {
      busiest = { word: words[at], count, match };
    }
  }
  return { matched, busiest: busiest === undefined ? undefined : { word: busiest.word, count: busiest.count } };
}

/** @param {LabelFile} file @param {number[]} postings @param {ReturnType<typeof newFound>} found */
function addPostings(file, postings, found) {
  for (let at = 0; at + 1 < postings.length; at += 2) {
    const entity = postings[at];
    const label = file.l[postings[at + 1] >> 1];
    const id = file.e[entity];
    const key = id + ' ' + label;
    if (hasOwn(found.labels, key) && found.labels[key].primary) continue;
    if (!hasOwn(found.labels, key)) found.count += 1;
    found.labels[key] = { id, property: file.p !== undefined && file.p.indexOf(entity) >= 0, primary: (postings[at + 1] & 1) === 1, label };
  }
}

/** @param {ReturnType<typeof newFound>} found @returns {LabelCandidates} */
function candidatesOf(found) {
  const keys = Object.keys(found.labels);
  /** @type {Record<string, boolean>} */
  const ids = {};
  /** @type {FoundEntity[]} */
  const entities = [];
  for (let at = 0; at < keys.length; at += 1) {
    const label = found.labels[keys[at]];
    if (hasOwn(ids, label.id)) continue;
    ids[label.id] = true;
    entities.push({ id: label.id, property: label.property });
  }
  // Numbered in id order (code points, as njs and V8 compare alike), so rankLabels's last tie-break is the same whatever order the files were read in.
  entities.sort((a, b) => compareCodePoints(a.id, b.id));
  /** @type {Record<string, number>} */
  const numbers = {};
  for (let at = 0; at < entities.length; at += 1) numbers[entities[at].id] = at;
  /** @type {import('./label-rank.js').LabelCandidate[]} */
  const candidates = [];
  for (let at = 0; at < keys.length; at += 1) {
    const label = found.labels[keys[at]];
    candidates.push({ entity: numbers[label.id], words: label.label.split(' '), primary: label.primary });
  }
  return { entities, candidates };
}

/**
 * The entities best answering the query's words, best first: classes and properties apart, each at most `limit`.
 * @param {string[]} words @param {LabelCandidates} found @param {number} limit
 * @returns {{ classes: [FoundEntity, number][], properties: [FoundEntity, number][] }}
 */
export function rankFoundLabels(words, found, limit) {
  /** @type {{ classes: [FoundEntity, number][], properties: [FoundEntity, number][] }} */
  const ranked = { classes: [], properties: [] };
  const all = rankLabels(words, found.candidates, found.entities.length);
  for (let at = 0; at < all.length; at += 1) {
    const entity = found.entities[all[at][0]];
    const list = entity.property ? ranked.properties : ranked.classes;
    if (list.length < limit) list.push([entity, all[at][1]]);
  }
  return ranked;
}
