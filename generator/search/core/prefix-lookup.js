// Answering a prefix query from the index files: which files to read and what they say. Part of the search
// core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs. Files are read through the
// runtime's own `read` (a fetch, a file on disk), awaited, so one lookup serves readers with and without promises.
import { DEFAULT_LIMIT, bestMatch, rankEntities, rankedResponse, toHit } from './search-rank.js';
import { codePointLength, compareCodePoints, hasOwn } from './search-text.js';
import { INDEX_FILE, INDEX_VERSION, indexFilePath, shardName } from './index-layout.js';

/**
 * The index files (see generator/search/build-search-index.ts):
 * @typedef {[0 | 1, string, string | null, string | null, string[], string | null, string[]?]} PackedEntity
 *   kind (0 class, 1 property), IRI after the base, label, preferred label, alternative labels, definition, other labels
 * @typedef {{ l: number[], f?: number }} LeafNode every entity with a label word starting with the prefix (table indices)
 * @typedef {{ t: [number, number], c: number[], p: number[], r?: 1, i?: RankedNode, f?: number }} RankedNode
 *   a busy prefix answered in advance: totals and the first results (table indices); `r` says a rest file holds the
 *   results after those; `i` answers the shorter queries of its chain when they rank differently from the prefix
 * @typedef {{ c: number[], p: number[], i?: { c: number[], p: number[] } }} RestLists global entity numbers
 * @typedef {{ e: PackedEntity[], n: Record<string, LeafNode | RankedNode>, b: [string, string | null] }} Shard
 *   `b`: the first query the shard answers and the first it does not (null for the last shard)
 * @typedef {{ v: number, base: string, shards: string[], rest: [string, string][], chunks: [number, string][] }} IndexEntry
 *   `shards`: where each shard begins (its file is named after that, see shardName); `rest` and `chunks`: where
 *   each rest and chunk file begins (a prefix, a global entity number) and its content-hashed name
 *   `f` on a node: the shortest query it serves, when its prefix ends a chain without branches
 * @typedef {(path: string) => unknown} ReadIndexFile an index file's parsed JSON (or a promise of it), by its path in the search folder
 */

/**
 * A file read did not begin and end where the entry file says: the files come from different builds.
 * @constructor @param {string} detail
 */
export function StaleIndexError(detail) {
  this.name = 'StaleIndexError';
  this.message = detail;
  this.stack = new Error(detail).stack;
}
StaleIndexError.prototype = Object.create(Error.prototype);
StaleIndexError.prototype.constructor = StaleIndexError;

/** @param {string} base @param {PackedEntity} packed @returns {import('./search-rank.js').SearchEntity} */
export function unpackEntity(base, packed) {
  return {
    kind: packed[0] === 0 ? 'class' : 'property',
    iri: base + packed[1],
    label: packed[2],
    preferred_label: packed[3],
    alternative_labels: packed[4],
    definition: packed[5],
    extra_labels: packed[6] ?? [],
  };
}

/**
 * The last index in a sorted array whose value is not after `value`, or -1.
 * @template T @param {readonly T[]} sorted @param {T} value @param {(a: T, b: T) => number} compare
 */
export function lastNotAfter(sorted, value, compare) {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(sorted[middle], value) <= 0) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

const compareNumbers = (/** @type {number} */ a, /** @type {number} */ b) => a - b;

// Kept on the shard object itself, hidden from JSON and keys: njs has no WeakMap to keep it beside.
const SORTED = '__sortedPrefixes';

/** A shard's prefixes in code point order, worked out once per shard object. @param {Shard} shard @returns {string[]} */
function sortedPrefixes(shard) {
  const kept = /** @type {Shard & { [SORTED]?: string[] }} */ (shard);
  if (!hasOwn(kept, SORTED)) Object.defineProperty(kept, SORTED, { value: Object.keys(shard.n).sort(compareCodePoints), enumerable: false });
  return /** @type {string[]} */ (kept[SORTED]);
}

/**
 * The node of a shard that answers a query: the one whose prefix is the query, or whose branch-free
 * chain the query lies on (`f`, its shortest query, counts code points), else the longest prefix of the query (which answers only if it is a leaf).
 * @param {Shard} shard @param {string} query @returns {{ prefix: string, node: LeafNode | RankedNode } | undefined}
 */
export function findNode(shard, query) {
  const nodes = shard.n;
  if (hasOwn(nodes, query)) return { prefix: query, node: nodes[query] };
  const prefixes = sortedPrefixes(shard);
  const after = prefixes[lastNotAfter(prefixes, query, compareCodePoints) + 1];
  if (after !== undefined && after.startsWith(query) && codePointLength(query) >= (nodes[after].f ?? codePointLength(after)))
    return { prefix: after, node: nodes[after] };
  for (let length = query.length - 1; length > 0; length -= 1) {
    const prefix = query.slice(0, length);
    // A cut through a surrogate pair is no prefix any label has.
    if (hasOwn(nodes, prefix)) return { prefix, node: nodes[prefix] };
  }
  return undefined;
}

/**
 * The entry file, checked: another format's index is not misread.
 * @param {ReadIndexFile} read @returns {Promise<IndexEntry>}
 */
async function readEntry(read) {
  const index = /** @type {IndexEntry} */ (await read(INDEX_FILE));
  if (index.v !== INDEX_VERSION) {
    throw new Error(
      `search index: ${INDEX_FILE} is format ${index.v}, this search code reads format ${INDEX_VERSION} (use the client.js served beside the index, or the handler built with it)`,
    );
  }
  return index;
}

/** @param {IndexEntry} index @param {string} query @param {ReadIndexFile} read @returns {Promise<Shard | undefined>} */
async function readShard(index, query, read) {
  const number = lastNotAfter(index.shards, query, compareCodePoints);
  if (number < 0) return undefined;
  const shard = /** @type {Shard} */ (await read(indexFilePath('s', shardName(index.shards, number))));
  if (shard.b[0] !== index.shards[number] || shard.b[1] !== (index.shards[number + 1] ?? null))
    throw new StaleIndexError(`search index: shard ${number} is not the one ${INDEX_FILE} names`);
  return shard;
}

/** Entities by global number, from the chunk files that hold them. @param {IndexEntry} index @param {number[]} numbers @param {ReadIndexFile} read */
async function globalEntities(index, numbers, read) {
  const starts = index.chunks.map((chunk) => chunk[0]);
  const chunkOf = numbers.map((number) => lastNotAfter(starts, number, compareNumbers));
  const chunks = /** @type {{ e: PackedEntity[] }[]} */ (await Promise.all(chunkOf.map((chunk) => read(indexFilePath('c', index.chunks[chunk][1])))));
  return numbers.map((number, at) => unpackEntity(index.base, chunks[at].e[number - index.chunks[chunkOf[at]][0]]));
}

/**
 * The answer to a checked prefix query (see checkQuery) from the index files `read` gives.
 * @param {{ query: string, limit: number }} checked @param {ReadIndexFile} read @returns {Promise<import('./search-rank.js').SearchResponse>}
 */
export async function lookUpPrefix(checked, read) {
  const query = checked.query;
  const limit = checked.limit;
  const index = await readEntry(read);
  const empty = { classes: [], properties: [], total_classes: 0, total_properties: 0 };
  const shard = await readShard(index, query, read);
  const found = shard && findNode(shard, query);
  if (!shard || !found) return empty;
  const prefix = found.prefix;
  const stored = found.node;
  const local = (/** @type {number} */ at) => unpackEntity(index.base, shard.e[at]);
  if ('l' in stored) return rankedResponse(rankEntities(stored.l.map(local), query), limit);
  // A ranked node answers its own prefix, and the shorter queries of its chain (through `i` where they differ).
  if (!prefix.startsWith(query)) return empty;
  const inner = prefix !== query && stored.i !== undefined;
  const node = inner && stored.i ? stored.i : stored;
  /** @type {RestLists | { c: number[], p: number[] } | undefined} */
  let rest;
  if (limit > DEFAULT_LIMIT && stored.r !== undefined) {
    const file =
      index.rest[
        lastNotAfter(
          index.rest.map((entry) => entry[0]),
          prefix,
          compareCodePoints,
        )
      ];
    const lists = file && /** @type {Record<string, RestLists>} */ (await read(indexFilePath('r', file[1])))[prefix];
    if (!lists) throw new StaleIndexError(`search index: no rest file lists ${JSON.stringify(prefix)}`);
    rest = inner ? lists.i : lists;
  }
  const hits = async (/** @type {number[]} */ first, /** @type {number[] | undefined} */ more) => {
    const entities = first.slice(0, limit).map(local);
    // Past the first results, entities come from the chunk files: more reads, only for larger limits.
    const later = more && limit > first.length ? await globalEntities(index, more.slice(0, limit - first.length), read) : [];
    return entities.concat(later).map((entity) => toHit(/** @type {import('./search-rank.js').RankedMatch} */ (bestMatch(entity, query))));
  };
  const lists = await Promise.all([hits(node.c, rest && rest.c), hits(node.p, rest && rest.p)]);
  return { classes: lists[0], properties: lists[1], total_classes: node.t[0], total_properties: node.t[1] };
}
