// Prefix search over the static index for runtimes with fetch and promises: a browser page, a service worker,
// Cloudflare's worker, a Lambda@Edge handler, Netlify's edge function. Served as /search/client.js, one
// module with no imports, after the search core's files (see client-source.ts); the search itself is the
// core's (../core/search-core.js), which nginx's handler runs too: this module only fetches, and caches.
import {
  SEARCH_HEADERS,
  answerLiveQuery,
  answerSearch,
  isLiveQueryPath,
  LIVE_QUERY_FOLDER,
  queryParameter,
  searchDefinitionWith,
  searchLabelWith,
  searchPrefixWith,
} from '../core/search-core.js';

export * from '../core/search-core.js';

/**
 * @typedef {import('../core/search-rank.js').SearchResponse} SearchResponse
 * @typedef {import('../core/word-search.js').WordSearchResponse} WordSearchResponse
 * @typedef {{ ok: boolean, status: number, json(): Promise<unknown> }} FetchedFile
 */

/**
 * A search client over the index folder at `indexUrl` (the URL of `/search/`). Fetches are cached as
 * promises, so concurrent and repeated look-ups share one request per file. Label and definition search read
 * each result's record at `/{id}` beside the search folder, unless `readRecord` reads it otherwise.
 * @param {{ indexUrl: string | URL, fetch?: (url: string) => Promise<FetchedFile>,
 *   readRecord?: import('../core/word-search.js').ReadRecord }} options
 */
export function createSearchClient(options) {
  const indexUrl = new URL(options.indexUrl);
  const fetchFile = options.fetch ?? ((/** @type {string} */ url) => globalThis.fetch(url));
  /** @type {Map<string, Promise<unknown>>} */
  const cache = new Map();
  // Set after a file read did not match the entry file (a deploy between two reads): later reads ask past caches.
  let reload = '';
  /** @param {string} path */
  const read = (path) => {
    const url = new URL(path, indexUrl).href + reload;
    return keptPromise(cache, url, () =>
      fetchFile(url).then((response) => {
        if (!response.ok) throw new Error(`search index: ${url} answered ${response.status}`);
        return response.json();
      }),
    );
  };
  // Files from two builds, or one the entry names gone after a deploy: read them all again, past every cache, once.
  const reread = () => {
    cache.clear();
    reload = `?reload=${Date.now()}`;
    return read;
  };

  // An id is already as a URL writes it (GS1's `defaultLink%2A`): escaping it again would name another file.
  const readRecord = options.readRecord ?? ((/** @type {string} */ id) => read(`../${id}`));

  return {
    /**
     * @param {string} query @param {{ limit?: number | string }} [options]
     * @returns {Promise<SearchResponse>}
     */
    searchPrefix: (query, options) => searchPrefixWith(query, options?.limit, read, reread),
    /**
     * The live service's label search: `{ results: [[record, score], …], properties: […] }`.
     * @param {string} query @param {{ limit?: number | string }} [options]
     * @returns {Promise<WordSearchResponse>}
     */
    searchLabel: (query, options) => searchLabelWith(query, options?.limit, read, reread, readRecord),
    /**
     * The live service's definition search, in label search's shape.
     * @param {string} query @param {{ limit?: number | string }} [options]
     * @returns {Promise<WordSearchResponse>}
     */
    searchDefinition: (query, options) => searchDefinitionWith(query, options?.limit, read, reread, readRecord),
    /**
     * A search URL's answer to a query string (`?query=…&limit=…`).
     * @param {string} search @param {string} [kind] `prefix`, `label` or `definition`; prefix unless given
     */
    answer: (search, kind) => answerSearch(kind ?? 'prefix', search, read, reread, readRecord),
  };
}

/** @type {ReturnType<typeof createSearchClient> | undefined} */
let pageClient;

function servedClient() {
  pageClient ??= createSearchClient({ indexUrl: new URL('./', import.meta.url) });
  return pageClient;
}

/**
 * Searches the index this module was served beside (`/search/client.js` → `/search/index.json`).
 * @param {string} query @param {{ limit?: number | string }} [options]
 */
export function searchPrefix(query, options) {
  return servedClient().searchPrefix(query, options);
}

/**
 * Label search over the index this module was served beside, as the live service's `/search/label` answers.
 * @param {string} query @param {{ limit?: number | string }} [options]
 */
export function searchLabel(query, options) {
  return servedClient().searchLabel(query, options);
}

/**
 * Definition search over the index this module was served beside, as the live service's `/search/definition` answers.
 * @param {string} query @param {{ limit?: number | string }} [options]
 */
export function searchDefinition(query, options) {
  return servedClient().searchDefinition(query, options);
}

/**
 * Answers `GET /search/{kind}?query=…&limit=…` for hosts that run code (a Cloudflare worker, a Netlify
 * edge function, a service worker): see answerSearch in the core.
 * @param {ReturnType<typeof createSearchClient>} client
 * @param {Request} request @param {string} [kind] `prefix`, `label` or `definition`; prefix unless given
 * @returns {Promise<Response>}
 */
export async function answerSearchRequest(client, request, kind) {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: SEARCH_HEADERS });
  const answer = await client.answer(new URL(request.url).search, kind);
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(answer.body), { status: answer.status, headers: SEARCH_HEADERS });
}

/**
 * Answers the live service's URLs that take a query string (`/taxonomy/{segment}?max_depth=`, `/taxonomy/tree/data?
 * node_id=`, `/explore/api/entity-graph/{id}?mode=children`, `/connections`) from the site's own files, read over
 * HTTP below `siteBase` (where the site's files are: its URL, or its origin's, with a slash): see answerLiveQuery
 * in the core. Null where the file at the path answers (no query string that changes it), or for any other URL.
 * @param {Request} request @param {string} basePath the site's base path in the request's URL ('' at the root)
 * @param {string | URL} siteBase @returns {Promise<Response | null>}
 */
export async function answerLiveRequest(request, basePath, siteBase) {
  const url = new URL(request.url);
  if (url.pathname.indexOf(`${basePath}/`) !== 0) return null;
  const path = url.pathname.slice(basePath.length);
  if (!isLiveQueryPath(path)) return null;
  /** @param {string} file */
  const read = (file) => {
    const address = new URL(file, siteBase).href;
    // The query corpus's files are named by their content: each is fetched once (its promise kept, as the index's).
    if (file.indexOf(LIVE_QUERY_FOLDER) !== 0) return fetchJson(address);
    // One that was missing (a deploy between two reads) is fetched again next time, as one that failed.
    return keptPromise(corpusFiles, address, () =>
      fetchJson(address).then((body) => {
        if (body === undefined) corpusFiles.delete(address);
        return body;
      }),
    );
  };
  /** @param {string} id */
  // As the IRI writes it, after "./" so that an id with a colon is not read as a URL's scheme.
  const readRecord = (id) => fetchJson(new URL(`./${id}`, siteBase).href);
  const answer = await answerLiveQuery(path, url.search, (/** @type {string} */ name) => queryParameter(url.search, name), read, readRecord);
  if (!answer) return null;
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(answer.body), { status: answer.status, headers: SEARCH_HEADERS });
}

// The query corpus's files' parsed JSON by URL.
/** @type {Map<string, Promise<any>>} */
const corpusFiles = new Map();

/**
 * The promise `load` makes for a key, made once and kept in `cache`; forgotten where it fails, so the next call
 * tries again.
 * @template T @param {Map<string, Promise<T>>} cache @param {string} key @param {() => Promise<T>} load @returns {Promise<T>}
 */
function keptPromise(cache, key, load) {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** A file's parsed JSON, or undefined where there is none. @param {string} address */
async function fetchJson(address) {
  const response = await fetch(address);
  return response.ok ? response.json() : undefined;
}
