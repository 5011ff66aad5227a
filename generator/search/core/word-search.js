// Label and definition search as the live service's URLs answer them (`/search/label`, `/search/definition`):
// the query checked, the index read, each result's record fetched. Part of the search core every runtime runs
// (see search-core.js), in the JavaScript njs 0.7 runs.
import { codePointLength, normalize } from './search-text.js';
import { definitionTerms } from './definition-text.js';
import { lookUpLabels, rankFoundLabels } from './label-lookup.js';
import { lookUpDefinitions } from './definition-lookup.js';
import { WORDS_FILE, WORDS_VERSION } from './word-layout.js';

export const WORD_DEFAULT_LIMIT = 10;
export const WORD_MAX_LIMIT = 100;
/** Query words (or definition terms) looked up at most: each costs a fetch. */
export const MAX_QUERY_WORDS = 10;
const SHORTEST_QUERY = 2;
const LONGEST_QUERY = 1024;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * @typedef {(id: string) => unknown} ReadRecord an entity's record (`GET /{id}`), or a promise of it
 * @typedef {{ results: [unknown, number][], properties: [unknown, number][] }} WordSearchResponse
 * @typedef {{ v: number, label: import('./word-layout.js').LabelLayout, definition: { buckets: number, count: number, averageLength: number } }} WordsEntry
 * @typedef {{ classes: [import('./label-lookup.js').FoundEntity, number][], properties: [import('./label-lookup.js').FoundEntity, number][] }} FoundEntities
 */

/**
 * The query as label and definition search read it, or undefined for one they answer with no results: not a
 * string, shorter than 2 or longer than 1024 characters, holding a control character, or no letter or digit.
 * @param {unknown} query
 */
export function wordQuery(query) {
  if (typeof query !== 'string' || CONTROL.test(query)) return undefined;
  const length = codePointLength(query);
  return length < SHORTEST_QUERY || length > LONGEST_QUERY || normalize(query) === '' ? undefined : query;
}

/** The number of results asked for: a whole number from 1 up, at most 100; anything else the default, 10. @param {unknown} limit */
export function wordLimit(limit) {
  const text = typeof limit === 'number' ? String(limit) : limit;
  if (typeof text !== 'string' || !/^[0-9]{1,9}$/.test(text)) return WORD_DEFAULT_LIMIT;
  const parsed = parseInt(text, 10);
  return parsed < 1 ? WORD_DEFAULT_LIMIT : Math.min(parsed, WORD_MAX_LIMIT);
}

/** Terms in order up to the one that would make more than MAX_QUERY_WORDS distinct ones. @param {string[]} terms */
function firstDistinct(terms) {
  /** @type {string[]} */
  const seen = [];
  /** @type {string[]} */
  const kept = [];
  for (let at = 0; at < terms.length; at += 1) {
    if (seen.indexOf(terms[at]) < 0) {
      if (seen.length === MAX_QUERY_WORDS) break;
      seen.push(terms[at]);
    }
    kept.push(terms[at]);
  }
  return kept;
}

/** @param {import('./prefix-lookup.js').ReadIndexFile} read @returns {Promise<WordsEntry>} */
async function readWordsEntry(read) {
  const entry = /** @type {WordsEntry} */ (await read(WORDS_FILE));
  if (entry.v !== WORDS_VERSION) throw new Error('search index: ' + WORDS_FILE + ' is format ' + entry.v + ', this search code reads format ' + WORDS_VERSION);
  return entry;
}

/** The words label search looks a checked query up by: its normalised words, up to MAX_QUERY_WORDS distinct ones. @param {string} query */
export function labelQueryWords(query) {
  return firstDistinct(normalize(query).split(' '));
}

/** The terms definition search looks a checked query up by: its stems, up to MAX_QUERY_WORDS distinct ones. @param {string} query */
export function definitionQueryTerms(query) {
  return firstDistinct(definitionTerms(query));
}

/** The label index's entities for a checked query. @param {string} query @param {number} limit @param {import('./prefix-lookup.js').ReadIndexFile} read @returns {Promise<FoundEntities>} */
async function findLabels(query, limit, read) {
  const entry = await readWordsEntry(read);
  const words = labelQueryWords(query);
  const found = await lookUpLabels(words, entry.label, read);
  return rankFoundLabels(words, found, limit);
}

/** The definition index's entities for a checked query. @param {string} query @param {number} limit @param {import('./prefix-lookup.js').ReadIndexFile} read @returns {Promise<FoundEntities>} */
async function findDefinitions(query, limit, read) {
  const entry = await readWordsEntry(read);
  const terms = definitionQueryTerms(query);
  return lookUpDefinitions(terms, entry.definition, limit, read);
}

/**
 * A search's entities with their records: the search tried once more with `reread`'s files if it fails (files
 * from two builds), then each record read; a result whose record cannot be read is left out.
 * @param {(read: import('./prefix-lookup.js').ReadIndexFile) => Promise<FoundEntities>} find @param {import('./prefix-lookup.js').ReadIndexFile} read
 * @param {() => import('./prefix-lookup.js').ReadIndexFile} reread @param {ReadRecord} readRecord @returns {Promise<WordSearchResponse>}
 */
async function withRecords(find, read, reread, readRecord) {
  /** @type {FoundEntities} */
  let found;
  try {
    found = await find(read);
  } catch (_error) {
    found = await find(reread());
  }
  const results = await recordsOf(found.classes, readRecord);
  const properties = await recordsOf(found.properties, readRecord);
  return { results, properties };
}

/** @param {[import('./label-lookup.js').FoundEntity, number][]} ranked @param {ReadRecord} readRecord @returns {Promise<[unknown, number][]>} */
async function recordsOf(ranked, readRecord) {
  /** @type {Promise<unknown>[]} */
  const pending = [];
  for (let at = 0; at < ranked.length; at += 1) {
    const id = ranked[at][0].id;
    pending.push(
      Promise.resolve()
        .then(() => readRecord(id))
        .then(
          (record) => record,
          () => undefined,
        ),
    );
  }
  const records = await Promise.all(pending);
  /** @type {[unknown, number][]} */
  const results = [];
  for (let at = 0; at < ranked.length; at += 1) if (records[at] !== undefined) results.push([records[at], ranked[at][1]]);
  return results;
}

/**
 * Label search: `{"results": [[record, score], …], "properties": […]}`, best first, scores in [0, 1]; no results
 * for a query wordQuery refuses.
 * @param {unknown} query @param {unknown} limit @param {import('./prefix-lookup.js').ReadIndexFile} read @param {() => import('./prefix-lookup.js').ReadIndexFile} reread
 * @param {ReadRecord} readRecord @returns {Promise<WordSearchResponse>}
 */
export function searchLabelWith(query, limit, read, reread, readRecord) {
  const checked = wordQuery(query);
  if (checked === undefined) return Promise.resolve({ results: [], properties: [] });
  const count = wordLimit(limit);
  return withRecords((files) => findLabels(checked, count, files), read, reread, readRecord);
}

/**
 * Definition search, in the same shape as label search. @param {unknown} query @param {unknown} limit
 * @param {import('./prefix-lookup.js').ReadIndexFile} read @param {() => import('./prefix-lookup.js').ReadIndexFile} reread @param {ReadRecord} readRecord
 * @returns {Promise<WordSearchResponse>}
 */
export function searchDefinitionWith(query, limit, read, reread, readRecord) {
  const checked = wordQuery(query);
  if (checked === undefined) return Promise.resolve({ results: [], properties: [] });
  const count = wordLimit(limit);
  return withRecords((files) => findDefinitions(checked, count, files), read, reread, readRecord);
}
