// The search core: everything a search does between a request's query string and its JSON answer, the same
// code in every runtime. The build imports it; the served client (/search/client.js, which Cloudflare's
// worker, the Lambda@Edge handler, the service worker and Netlify's edge function run) and nginx's njs
// handler are made from its files (see generator/search/client-source.ts), each adding only how it reads
// index files and sends the answer. Written in the JavaScript njs 0.7 (Debian's libnginx-mod-http-js)
// runs: no classes, spread, destructuring, default parameters, for…of, optional chaining, Map or Set.
import { checkQuery, SearchQueryError } from './search-rank.js';
import { lookUpPrefix } from './prefix-lookup.js';
import { searchDefinitionWith, searchLabelWith } from './word-search.js';

export * from './index-layout.js';
export * from './search-text.js';
export * from './search-rank.js';
export * from './prefix-lookup.js';
export * from './definition-text.js';
export * from './definition-rank.js';
export * from './label-rank.js';
export * from './word-layout.js';
export * from './label-lookup.js';
export * from './definition-lookup.js';
export * from './word-search.js';
export * from './live-parameters.js';
export * from './fuzzy-ratio.js';
export * from './live-query.js';
export * from './live-answers.js';

/** Headers of every answer to the search URL: JSON, readable from any origin. */
export const SEARCH_HEADERS = Object.freeze({
  'Content-Type': 'application/json',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
});

/**
 * A parameter of a URL's query string (`?query=…&limit=…`), read as URLSearchParams reads it: `+` is a
 * space, percent-escapes are UTF-8 bytes (a malformed sequence reads as U+FFFD), the first value wins.
 * @param {string} search the query string, with or without its `?` @param {string} name @returns {string | undefined}
 */
export function queryParameter(search, name) {
  const pairs = (search.charAt(0) === '?' ? search.slice(1) : search).split('&');
  for (let at = 0; at < pairs.length; at += 1) {
    const pair = pairs[at];
    if (pair === '') continue;
    const cut = pair.indexOf('=');
    if (decodeQueryComponent(cut < 0 ? pair : pair.slice(0, cut)) === name) return cut < 0 ? '' : decodeQueryComponent(pair.slice(cut + 1));
  }
  return undefined;
}

/** @param {string} text */
function decodeQueryComponent(text) {
  const spaced = text.split('+').join(' ');
  if (spaced.indexOf('%') < 0) return spaced;
  /** @type {number[]} */
  const bytes = [];
  for (let at = 0; at < spaced.length; ) {
    const hex = spaced.charAt(at) === '%' ? spaced.slice(at + 1, at + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      at += 3;
      continue;
    }
    const code = /** @type {number} */ (spaced.codePointAt(at));
    pushUtf8(bytes, code);
    at += String.fromCodePoint(code).length;
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** A code point's UTF-8 bytes (a lone surrogate's as U+FFFD's, as TextEncoder writes it). @param {number[]} bytes @param {number} code */
function pushUtf8(bytes, code) {
  const scalar = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
  if (scalar < 0x80) bytes.push(scalar);
  else if (scalar < 0x800) bytes.push(0xc0 | (scalar >> 6), 0x80 | (scalar & 0x3f));
  else if (scalar < 0x10000) bytes.push(0xe0 | (scalar >> 12), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f));
  else bytes.push(0xf0 | (scalar >> 18), 0x80 | ((scalar >> 12) & 0x3f), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f));
}

/**
 * A prefix search's answer to a query string: 200 with the results, 400 with `{"detail": …}` for a bad query or
 * limit, 503 when the index cannot be read. Index files come from `read`; when a read fails or files from two
 * builds meet (a deploy between two reads), the search is tried once more with the files `reread` gives.
 * @param {string} search @param {import('./prefix-lookup.js').ReadIndexFile} read
 * @param {() => import('./prefix-lookup.js').ReadIndexFile} reread
 * `error`, with a 503: why, for the runtime's log.
 * @returns {Promise<{ status: number, body: unknown, error?: string }>}
 */
export async function answerPrefix(search, read, reread) {
  try {
    return { status: 200, body: await searchPrefixWith(queryParameter(search, 'query') ?? '', queryParameter(search, 'limit'), read, reread) };
  } catch (error) {
    if (error instanceof SearchQueryError) return { status: 400, body: error.body };
    return { status: 503, body: { detail: 'the search index could not be read' }, error: String(error) };
  }
}

/**
 * The answer of search URL `/search/{kind}` (`prefix`, `label` or `definition`) to a query string. Label and definition search
 * answer 200 whatever the query (no results for a bad one), 503 when the index cannot be read; prefix search as
 * answerPrefix. `readRecord`: an entity's record, by id, for label and definition search's results.
 * @param {string} kind @param {string} search @param {import('./prefix-lookup.js').ReadIndexFile} read
 * @param {() => import('./prefix-lookup.js').ReadIndexFile} reread @param {import('./word-search.js').ReadRecord} readRecord
 * @returns {Promise<{ status: number, body: unknown, error?: string }>}
 */
export async function answerSearch(kind, search, read, reread, readRecord) {
  if (kind === 'prefix') return answerPrefix(search, read, reread);
  const query = queryParameter(search, 'query');
  const limit = queryParameter(search, 'limit');
  try {
    const search = kind === 'label' ? searchLabelWith : searchDefinitionWith;
    const body = await search(query, limit, read, reread, readRecord);
    return { status: 200, body };
  } catch (error) {
    return { status: 503, body: { detail: 'the search index could not be read' }, error: String(error) };
  }
}

/**
 * A prefix search: the query and limit checked (SearchQueryError when bad), then looked up, and once more
 * with `reread`'s files if the lookup fails.
 * @param {unknown} query @param {unknown} limit @param {import('./prefix-lookup.js').ReadIndexFile} read
 * @param {() => import('./prefix-lookup.js').ReadIndexFile} reread
 * @returns {Promise<import('./search-rank.js').SearchResponse>}
 */
export async function searchPrefixWith(query, limit, read, reread) {
  const checked = checkQuery(query, limit);
  try {
    return await lookUpPrefix(checked, read);
  } catch (_error) {
    return lookUpPrefix(checked, reread());
  }
}
