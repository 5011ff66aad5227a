// Prefix search over the static index for runtimes with fetch and promises: a browser page, a service worker,
// Cloudflare's worker, a Lambda@Edge handler, Netlify's edge function. Served as /search/client.js, one
// module with no imports, after the search core's files (see client-source.ts); the search itself is the
// core's (../core/search-core.js), which nginx's handler runs too: this module only fetches, and caches.
import { SEARCH_HEADERS, answerPrefix, searchPrefixWith } from '../core/search-core.js';

export * from '../core/search-core.js';

/**
 * @typedef {import('../core/search-rank.js').SearchResponse} SearchResponse
 * @typedef {{ ok: boolean, status: number, json(): Promise<unknown> }} FetchedFile
 */

/**
 * A search client over the index folder at `indexUrl` (the URL of `/search/`). Fetches are cached as
 * promises, so concurrent and repeated look-ups share one request per file.
 * @param {{ indexUrl: string | URL, fetch?: (url: string) => Promise<FetchedFile> }} options
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
  // Files from two builds, or one the entry names gone after a deploy: read them all again, past every cache, once.
  const reread = () => {
    cache.clear();
    reload = `?reload=${Date.now()}`;
    return read;
  };

  return {
    /**
     * @param {string} query @param {{ limit?: number | string }} [options]
     * @returns {Promise<SearchResponse>}
     */
    searchPrefix: (query, options) => searchPrefixWith(query, options?.limit, read, reread),
    /** The search URL's answer to a query string (`?query=…&limit=…`). @param {string} search */
    answer: (search) => answerPrefix(search, read, reread),
  };
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

/**
 * Answers `GET /search/prefix?query=…&limit=…` for hosts that run code (a Cloudflare worker, a Netlify
 * edge function, a service worker): 200 with the results, 400 with `{"detail": …}` for a bad query.
 * @param {ReturnType<typeof createSearchClient>} client
 * @param {Request} request
 * @returns {Promise<Response>}
 */
export async function answerSearchRequest(client, request) {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: SEARCH_HEADERS });
  const answer = await client.answer(new URL(request.url).search);
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(answer.body), { status: answer.status, headers: SEARCH_HEADERS });
}
