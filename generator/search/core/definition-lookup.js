// Definition search over the static definition index: one file per query term, chosen by a hash of its stem (see
// word-layout.js). Part of the search core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { compareCodePoints, hasOwn } from './search-text.js';
import { rankDefinitions } from './definition-rank.js';
import { bucketOf, definitionFilePath, stemKey } from './word-layout.js';
import { StaleIndexError } from './prefix-lookup.js';

/**
 * @typedef {{ v: number, n: number, e: string[], p?: number[], t: Record<string, (number | number[])[]> }} DefinitionFile
 *   a file of the definition index: its entities' ids (`p`: which of them are properties), and by stem its
 *   document frequency followed by its postings (the document being a number in `e`), the longest lists cut
 * @typedef {{ count: number, averageLength: number, buckets: number }} DefinitionIndex what the entry says of it
 */

/**
 * The documents best answering the query's terms, best first: classes and properties apart, each at most `limit`.
 * @param {string[]} terms the query's terms (definitionTerms) @param {DefinitionIndex} index @param {number} limit
 * @param {import('./prefix-lookup.js').ReadIndexFile} read
 * @returns {Promise<{ classes: [import('./label-lookup.js').FoundEntity, number][], properties: [import('./label-lookup.js').FoundEntity, number][] }>}
 */
export async function lookUpDefinitions(terms, index, limit, read) {
  /** @type {Record<string, { file: DefinitionFile, stored: (number | number[])[] }>} */
  const lists = {};
  /** @type {Record<string, import('./label-lookup.js').FoundEntity>} */
  const entities = {};
  for (let at = 0; at < terms.length; at += 1) {
    const term = terms[at];
    if (hasOwn(lists, term)) continue;
    const bucket = bucketOf(stemKey(term), index.buckets);
    const file = /** @type {DefinitionFile} */ (await read(definitionFilePath(bucket)));
    if (file.n !== index.buckets) throw new StaleIndexError('search index: definition file ' + bucket + ' is not from the build words.json is');
    const stored = hasOwn(file.t, term) ? file.t[term] : [0];
    for (let entry = 1; entry < stored.length; entry += 1) {
      const local = /** @type {number[]} */ (stored[entry])[0];
      const id = file.e[local];
      if (!hasOwn(entities, id)) entities[id] = { id, property: file.p !== undefined && file.p.indexOf(local) >= 0 };
    }
    lists[term] = { file, stored };
  }
  // Documents numbered in id order: rankDefinitions breaks its last ties by number.
  const ids = Object.keys(entities).sort(compareCodePoints);
  /** @type {Record<string, number>} */
  const numbers = {};
  for (let at = 0; at < ids.length; at += 1) numbers[ids[at]] = at;
  /** @param {string} term */
  const postingsOf = (term) => {
    if (!hasOwn(lists, term)) return { frequency: 0, postings: [] };
    const list = lists[term];
    /** @type {number[][]} */
    const postings = [];
    for (let entry = 1; entry < list.stored.length; entry += 1) {
      const posting = /** @type {number[]} */ (list.stored[entry]);
      postings.push([numbers[list.file.e[posting[0]]]].concat(posting.slice(1)));
    }
    return { frequency: /** @type {number} */ (list.stored[0]), postings };
  };
  const ranked = rankDefinitions(terms, postingsOf, { count: index.count, averageLength: index.averageLength }, ids.length);
  /** @type {{ classes: [import('./label-lookup.js').FoundEntity, number][], properties: [import('./label-lookup.js').FoundEntity, number][] }} */
  const result = { classes: [], properties: [] };
  for (let at = 0; at < ranked.length; at += 1) {
    const entity = entities[ids[ranked[at][0]]];
    const list = entity.property ? result.properties : result.classes;
    if (list.length < limit) list.push([entity, ranked[at][1]]);
  }
  return result;
}
