// Prefix search over the static index: normalisation, ranking and fetching in one dependency-free
// ES module, served as /search/client.js (after index-layout.js, see client-source.ts) and imported by the
// build, so both rank the same way.
import { INDEX_FILE, INDEX_VERSION, indexFilePath, shardName } from './index-layout.js';

export { INDEX_FILE, INDEX_VERSION, indexFilePath, shardName } from './index-layout.js';

/**
 * @typedef {'class' | 'property'} EntityKind
 * @typedef {{ kind: EntityKind, iri: string, label: string | null, preferred_label: string | null,
 *   alternative_labels: string[], definition: string | null, extra_labels: string[] }} SearchEntity
 * @typedef {{ iri: string, label: string | null, preferred_label: string | null,
 *   alternative_labels: string[], definition: string | null, match: string }} SearchHit
 * @typedef {{ classes: SearchHit[], properties: SearchHit[], total_classes: number, total_properties: number }} SearchResponse
 * @typedef {{ entity: SearchEntity, label: { original: string }, key: MatchKey }} RankedMatch the matching label is kept, not
 *   its text: a build's kept labels make their text on demand, and only the returned hits need it
 * @typedef {[number, number, number, string]} MatchKey rank, 0 for the primary label, length, normalised label
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
export const MAX_QUERY_LENGTH = 1024;

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

const ASCII = /^[\x00-\x7f]*$/;
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/g;

/** NFKD, combining marks dropped, lower-cased, every run of non-letters/digits one space, trimmed. @param {string} text */
export function normalize(text) {
  // ASCII text has nothing to decompose and no marks: the same result, several times faster.
  if (ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_LETTER_OR_DIGIT, ' ').trim();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(NOT_LETTER_OR_DIGIT, ' ').trim();
}

/**
 * Compares by Unicode code point, the order every index file is sorted in (JavaScript's `<` compares
 * UTF-16 units, which puts U+10000 and above before U+E000–U+FFFF). @param {string} a @param {string} b
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

// Surrogates encode code points above U+FFFF, so they rank after U+E000–U+FFFF.
/** @param {number} unit */
function codePointRank(unit) {
  return unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

const HIGH_SURROGATE = /[\ud800-\udbff]/;

/** @param {string} text */
export function codePointLength(text) {
  // Without surrogates every UTF-16 unit is one code point: no need to walk the string.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * Every label an entity is found by: the primary rdfs:label first, then the others, each once.
 * @param {SearchEntity} entity
 * @param {readonly string[]} [normalized] the same labels normalised before, in this order (a build's cache keeps them)
 * @returns {{ original: string, normalized: string, primary: boolean }[]}
 */
export function searchLabels(entity, normalized) {
  const seen = new Set();
  /** @type {{ original: string, normalized: string, primary: boolean }[]} */
  const labels = [];
  const candidates = [entity.label, entity.preferred_label, ...entity.alternative_labels, ...entity.extra_labels];
  candidates.forEach((original, index) => {
    if (original === null || seen.has(original)) return;
    seen.add(original);
    labels.push({ original, normalized: normalized?.[labels.length] ?? normalize(original), primary: index === 0 });
  });
  return labels;
}

/**
 * 0: the label is the query; 1: it starts with it; 2: the query starts a later word; -1: no match.
 * @param {string} label normalised label
 * @param {string} query normalised query
 */
export function matchRank(label, query) {
  if (label === query) return 0;
  if (label.startsWith(query)) return 1;
  for (let at = label.indexOf(' '); at !== -1; at = label.indexOf(' ', at + 1)) {
    if (label.startsWith(query, at + 1)) return 2;
  }
  return -1;
}

/** @param {MatchKey} a @param {MatchKey} b */
function compareKeys(a, b) {
  for (let index = 0; index < 3; index += 1) {
    if (a[index] !== b[index]) return /** @type {number} */ (a[index]) < /** @type {number} */ (b[index]) ? -1 : 1;
  }
  return compareCodePoints(a[3], b[3]);
}

/**
 * The entity's best-ranked matching label, or undefined.
 * @param {SearchEntity} entity @param {string} query normalised
 * @param {{ original: string, normalized: string, primary: boolean }[]} [labels] the entity's search labels, if known
 * @returns {RankedMatch | undefined}
 */
export function bestMatch(entity, query, labels = searchLabels(entity)) {
  const best = bestLabel(query, labels);
  return best && { entity, label: best.label, key: best.key };
}

/**
 * Of some search labels, the best-ranked matching one and its key, or undefined (the index re-ranks by keys alone).
 * @template {{ normalized: string, primary: boolean }} Label
 * @param {string} query normalised @param {readonly Label[]} labels
 * @returns {{ label: Label, key: MatchKey } | undefined}
 */
export function bestLabel(query, labels) {
  /** @type {{ label: Label, key: MatchKey } | undefined} */
  let best;
  for (const label of labels) {
    const rank = matchRank(label.normalized, query);
    if (rank < 0) continue;
    /** @type {MatchKey} */
    const key = [rank, label.primary ? 0 : 1, codePointLength(label.normalized), label.normalized];
    if (!best || compareKeys(key, best.key) < 0) best = { label, key };
  }
  return best;
}

/**
 * Every matching entity in result order, classes and properties apart.
 * @param {Iterable<SearchEntity>} entities @param {string} query normalised
 * @param {(entity: SearchEntity) => { original: string, normalized: string, primary: boolean }[]} [labelsOf]
 */
export function rankEntities(entities, query, labelsOf = searchLabels) {
  /** @type {{ class: RankedMatch[], property: RankedMatch[] }} */
  const ranked = { class: [], property: [] };
  for (const entity of entities) {
    const match = bestMatch(entity, query, labelsOf(entity));
    if (match) ranked[entity.kind].push(match);
  }
  ranked.class.sort(compareMatches);
  ranked.property.sort(compareMatches);
  return ranked;
}

/**
 * Result order: by match key, then by IRI, so no two entities tie.
 * @param {{ entity: { iri: string }, key: MatchKey }} a @param {{ entity: { iri: string }, key: MatchKey }} b
 */
export function compareMatches(a, b) {
  return compareKeys(a.key, b.key) || compareCodePoints(a.entity.iri, b.entity.iri);
}

/**
 * The response for entities ranked by rankEntities: the first `limit` of each kind, and how many there are.
 * @param {{ class: RankedMatch[], property: RankedMatch[] }} ranked @param {number} limit @returns {SearchResponse}
 */
export function rankedResponse(ranked, limit) {
  return {
    classes: ranked.class.slice(0, limit).map(toHit),
    properties: ranked.property.slice(0, limit).map(toHit),
    total_classes: ranked.class.length,
    total_properties: ranked.property.length,
  };
}

/** @param {RankedMatch} ranked @returns {SearchHit} */
export function toHit({ entity, label }) {
  return {
    iri: entity.iri,
    label: entity.label,
    preferred_label: entity.preferred_label,
    alternative_labels: entity.alternative_labels,
    definition: entity.definition,
    match: label.original,
  };
}

export class SearchQueryError extends Error {
  /** @param {string} detail */
  constructor(detail) {
    super(detail);
    this.name = 'SearchQueryError';
    this.status = 400;
    this.body = { detail };
  }
}

/**
 * Checks and normalises a query and a limit the way every way of searching does.
 * @param {unknown} query @param {unknown} limit
 * @returns {{ query: string, limit: number }}
 */
export function checkQuery(query, limit) {
  if (typeof query !== 'string' || codePointLength(query) > MAX_QUERY_LENGTH) {
    throw new SearchQueryError(`query must be a string of at most ${MAX_QUERY_LENGTH} characters`);
  }
  const normalized = normalize(query);
  if (normalized === '') throw new SearchQueryError('query must contain at least one letter or digit');
  const parsed = limit === undefined || limit === null || limit === '' ? DEFAULT_LIMIT : Number(limit);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_LIMIT) {
    throw new SearchQueryError(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  return { query: normalized, limit: parsed };
}

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
 */

/** The shard file read did not begin and end where the entry file says: they come from different builds. */
class StaleIndexError extends Error {}

/** @param {string} base @param {PackedEntity} packed @returns {SearchEntity} */
export function unpackEntity(base, packed) {
  const [kind, id, label, preferred, alternatives, definition, extra] = packed;
  return {
    kind: kind === 0 ? 'class' : 'property',
    iri: base + id,
    label,
    preferred_label: preferred,
    alternative_labels: alternatives,
    definition,
    extra_labels: extra ?? [],
  };
}

/**
 * The last index in a sorted array whose value is not after `value`, or -1.
 * @template T @param {T[]} sorted @param {T} value @param {(a: T, b: T) => number} compare
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

/** @type {WeakMap<Shard, { nodes: Map<string, LeafNode | RankedNode>, prefixes: string[] }>} */
const shardDirectories = new WeakMap();

/** A shard's nodes as a map (never the object's prototype) and its prefixes in UTF-16 order. @param {Shard} shard */
function shardDirectory(shard) {
  let directory = shardDirectories.get(shard);
  if (!directory) {
    const nodes = new Map(Object.entries(shard.n));
    shardDirectories.set(shard, (directory = { nodes, prefixes: [...nodes.keys()].sort(compareCodePoints) }));
  }
  return directory;
}

/**
 * The node of a shard that answers a query: the one whose prefix is the query, or whose branch-free
 * chain the query lies on (`f`, its shortest query, counts code points), else the longest prefix of the query (which answers only if it is a leaf).
 * @param {Shard} shard @param {string} query @returns {{ prefix: string, node: LeafNode | RankedNode } | undefined}
 */
export function findNode(shard, query) {
  const { nodes, prefixes } = shardDirectory(shard);
  const after = prefixes[lastNotAfter(prefixes, query, compareCodePoints) + 1];
  const found = nodes.has(query)
    ? query
    : after?.startsWith(query) && codePointLength(query) >= (nodes.get(after)?.f ?? codePointLength(after))
      ? after
      : [...Array(query.length).keys()]
          .reverse()
          .map((length) => query.slice(0, length))
          .find((prefix) => prefix !== '' && nodes.has(prefix));
  return found === undefined ? undefined : { prefix: found, node: /** @type {LeafNode | RankedNode} */ (nodes.get(found)) };
}

/**
 * A search client over the index folder at `indexUrl` (the URL of `/search/`). Fetches are cached as
 * promises, so concurrent and repeated look-ups share one request per file.
 * @param {{ indexUrl: string | URL, fetch?: (url: string) => Promise<{ ok: boolean, status: number, json(): Promise<unknown> }> }} options
 */
export function createSearchClient(options) {
  const indexUrl = new URL(options.indexUrl);
  const fetchFile = options.fetch ?? ((/** @type {string} */ url) => globalThis.fetch(url));
  /** @type {Map<string, Promise<unknown>>} */
  const cache = new Map();
  // Set after a file read did not match the entry file (a deploy between two reads): later reads ask past caches.
  let reload = '';
  /** @param {string} path */
  const load = (path) => {
    const url = new URL(path, indexUrl).href + reload;
    let pending = cache.get(url);
    if (!pending) {
      pending = fetchFile(url).then((response) => {
        if (!response.ok) throw new Error(`search index: ${url} answered ${response.status}`);
        return response.json();
      });
      // A failed fetch is forgotten, so the next search tries again.
      pending.catch(() => cache.delete(url));
      cache.set(url, pending);
    }
    return pending;
  };

  /** Entities by global number, from the chunk files that hold them. @param {IndexEntry} index @param {number[]} numbers */
  const globalEntities = async (index, numbers) => {
    const starts = index.chunks.map(([start]) => start);
    const chunkOf = numbers.map((number) => lastNotAfter(starts, number, compareNumbers));
    const chunks = /** @type {{ e: PackedEntity[] }[]} */ (await Promise.all(chunkOf.map((chunk) => load(indexFilePath('c', index.chunks[chunk][1])))));
    return numbers.map((number, at) => unpackEntity(index.base, chunks[at].e[number - index.chunks[chunkOf[at]][0]]));
  };

  /** @param {IndexEntry} index @param {string} query @returns {Promise<Shard | undefined>} */
  const loadShard = async (index, query) => {
    const number = lastNotAfter(index.shards, query, compareCodePoints);
    if (number < 0) return undefined;
    const shard = /** @type {Shard} */ (await load(indexFilePath('s', shardName(index.shards, number))));
    const [first, end] = shard.b;
    if (first !== index.shards[number] || end !== (index.shards[number + 1] ?? null)) throw new StaleIndexError();
    return shard;
  };

  /** @param {{ query: string, limit: number }} checked @returns {Promise<SearchResponse>} */
  async function lookUp(checked) {
    const index = /** @type {IndexEntry} */ (await load(INDEX_FILE));
    // Another format's index is not misread: its client is the one served beside it.
    if (index.v !== INDEX_VERSION)
      throw new Error(
        `search index: ${INDEX_FILE} is format ${index.v}, this client reads format ${INDEX_VERSION} (use the client.js served beside the index)`,
      );
    const empty = { classes: [], properties: [], total_classes: 0, total_properties: 0 };
    const shard = await loadShard(index, checked.query);
    const found = shard && findNode(shard, checked.query);
    if (!shard || !found) return empty;
    const { prefix, node: stored } = found;
    const local = (/** @type {number} */ at) => unpackEntity(index.base, shard.e[at]);
    if ('l' in stored) return rankedResponse(rankEntities(stored.l.map(local), checked.query), checked.limit);
    // A ranked node answers its own prefix, and the shorter queries of its chain (through `i` where they differ).
    if (!prefix.startsWith(checked.query)) return empty;
    const inner = prefix !== checked.query && stored.i !== undefined;
    const node = inner && stored.i ? stored.i : stored;
    /** @type {RestLists | undefined} */
    let rest;
    if (checked.limit > DEFAULT_LIMIT && stored.r !== undefined) {
      const file =
        index.rest[
          lastNotAfter(
            index.rest.map(([first]) => first),
            prefix,
            compareCodePoints,
          )
        ];
      const lists = file && /** @type {Record<string, RestLists>} */ (await load(indexFilePath('r', file[1])))[prefix];
      if (!lists) throw new StaleIndexError();
      rest = inner ? lists.i : lists;
    }
    const hits = async (/** @type {number[]} */ first, /** @type {number[] | undefined} */ more) => {
      const entities = first.slice(0, checked.limit).map(local);
      // Past the first results, entities come from the chunk files: more requests, only for larger limits.
      if (more && checked.limit > first.length) entities.push(...(await globalEntities(index, more.slice(0, checked.limit - first.length))));
      return entities.map((entity) => toHit(/** @type {RankedMatch} */ (bestMatch(entity, checked.query))));
    };
    const [classes, properties] = await Promise.all([hits(node.c, rest?.c), hits(node.p, rest?.p)]);
    return { classes, properties, total_classes: node.t[0], total_properties: node.t[1] };
  }

  /**
   * @param {string} query @param {{ limit?: number | string }} [options]
   * @returns {Promise<SearchResponse>}
   */
  async function searchPrefix(query, options = {}) {
    const checked = checkQuery(query, options.limit);
    try {
      return await lookUp(checked);
    } catch {
      // Files from two builds, or one the entry names gone after a deploy: read them all again, past every cache, once.
      cache.clear();
      reload = `?reload=${Date.now()}`;
      return lookUp(checked);
    }
  }

  return { searchPrefix };
}

/** @type {ReturnType<typeof createSearchClient> | undefined} */
let pageClient;

/**
 * Searches the index this module was served beside (`/search/client.js` → `/search/index.json`).
 * @param {string} query @param {{ limit?: number | string }} [options]
 */
export function searchPrefix(query, options) {
  pageClient ??= createSearchClient({ indexUrl: new URL('./', import.meta.url) });
  return pageClient.searchPrefix(query, options);
}

/** Headers of every answer to the search URL: JSON, readable from any origin. */
export const SEARCH_HEADERS = Object.freeze({
  'Content-Type': 'application/json',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
});

/**
 * Answers `GET /search/prefix?query=…&limit=…` for hosts that run code (a Cloudflare worker, a Netlify
 * edge function, a service worker): 200 with the results, 400 with `{"detail": …}` for a bad query.
 * @param {{ searchPrefix: (query: string, options?: { limit?: number | string }) => Promise<SearchResponse> }} client
 * @param {Request} request
 * @returns {Promise<Response>}
 */
export async function answerSearchRequest(client, request) {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: SEARCH_HEADERS });
  const parameters = new URL(request.url).searchParams;
  let status = 200;
  /** @type {unknown} */
  let body;
  try {
    body = await client.searchPrefix(parameters.get('query') ?? '', { limit: parameters.get('limit') ?? undefined });
  } catch (error) {
    status = error instanceof SearchQueryError ? 400 : 503;
    body = error instanceof SearchQueryError ? error.body : { detail: 'the search index could not be read' };
  }
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), { status, headers: SEARCH_HEADERS });
}
