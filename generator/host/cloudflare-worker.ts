import type { OutputFile } from '../emit/emit-api.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import { joinModules, withoutExports } from '../text/joined-modules.ts';
import {
  BUNDLES_FOLDER,
  DOCS_FOLDER,
  FORMATS,
  FORMATS_FOLDER,
  LIVE_CONTENT_TYPE,
  LIVE_ENTITY_FILES,
  LIVE_QUERY_PATHS,
  MOST_ID_SEGMENTS,
  OPENAPI_FILE,
  SITE_FOLDER,
  type Router,
} from '../route/router.ts';
import { searchClientSource } from '../search/client-source.ts';
import { negotiatedEntitySource } from './negotiated-entity.ts';

/**
 * Cloudflare Pages: `_worker.js` answers the exact search URL from the static index (read through
 * `env.ASSETS`), and `_routes.json` sends it only that URL, so every other request stays a static file
 * with `_headers` and `_redirects` applied. With `bundles`, every request goes through the worker, which
 * also serves `/{id}` and `/{id}/{format}` from the bundle files and answers CORS preflights. With `negotiate`
 * (no bundles), the worker also answers `/{id}`, in the format the Accept header asks for, from the format files.
 */
// Stands for the id in a live file's path while its pattern is made.
const ID_MARK = 'ID';

export function emitCloudflareWorker(router: Router, { bundles, negotiate = false }: { bundles?: number; negotiate?: boolean } = {}): OutputFile[] {
  const searchPaths = router.searchKindsByPath();
  // workerd takes every named export of the module for an entry point, so the inlined client exports nothing.
  const client = withoutExports(searchClientSource());
  const entities =
    bundles === undefined
      ? ''
      : `
// ---- entities from bundle files: ${BUNDLES_FOLDER}/{n}.json holds {id: [${FORMATS.map((spec) => spec.format).join(', ')}, tree node, entity graph, children]} ----
const BUNDLES = ${bundles};
const BUNDLE_PATH = ${JSON.stringify(`${router.basePath}/${BUNDLES_FOLDER}/`)};
const ENTITY_PATH = new RegExp(${JSON.stringify(
          `^${escapeRegExp(router.basePath)}/([^/.]+(?:/[^/.]+){0,${MOST_ID_SEGMENTS - 1}}?)(${FORMATS.filter((spec) => spec.urlSuffix)
            .map((spec) => escapeRegExp(spec.urlSuffix))
            .join('|')})?$`,
        )});
// The live service's files of an entity, each with its place in the entry (after the formats).
const LIVE_PATHS = ${JSON.stringify(
          LIVE_ENTITY_FILES.map((fileOf, at) => [
            `^${escapeRegExp(`${router.basePath}/${fileOf(ID_MARK)}`).replace(escapeRegExp(ID_MARK), '([^/.]+)')}$`,
            FORMATS.length + at,
          ]),
        )}.map(([pattern, slot]) => [new RegExp(pattern), slot]);
const LIVE_TYPE = ${JSON.stringify(LIVE_CONTENT_TYPE)};


// The id and entry place of an entity's live file at this path, if it is one.
function liveFile(path) {
  for (const [pattern, slot] of LIVE_PATHS) {
    const found = pattern.exec(path);
    // Bundles are keyed by the id, which idOfUrlPath makes of an escaped path or not (undefined: a malformed escape).
    const id = found ? idOfUrlPath(found[1]) : undefined;
    if (id !== undefined) return { id, slot };
  }
  return undefined;
}
${withoutExports(joinModules([new URL('../text/fnv1a.js', import.meta.url), new URL('../route/bundle-of.js', import.meta.url), new URL('../route/id-names.js', import.meta.url)]))}

async function bundleEntry(env, url, id) {
  const bundle = await staticJson(env, new URL(BUNDLE_PATH + bundleOf(id, BUNDLES) + '.json', url.origin).href);
  return bundle.ok ? (await bundle.json())[id] : undefined;
}

// A search result's record, from its bundle (the record is the entry's first format).
async function readRecord(env, url, id) {
  const entry = await bundleEntry(env, url, id);
  if (!entry || entry[0] === null) throw new Error('no record for ' + id);
  return JSON.parse(entry[0]);
}

async function answerEntity(request, env, url) {
  const match = ENTITY_PATH.exec(url.pathname);
  const live = match ? undefined : liveFile(url.pathname);
  if (!match && !live) return undefined;
  const id = match ? idOfUrlPath(match[1]) : live.id;
  if (id === undefined) return undefined;
  const entry = await bundleEntry(env, url, id);
  if (!entry) return undefined;
  // /{id} itself: the format the Accept header asks for (the record unless it asks for another).
  const negotiated = match !== null && match[2] === undefined;
  const slot = negotiated ? negotiatedType(request.headers.get('Accept'), NEGOTIATED_TYPES) : match ? SUFFIXES.indexOf(match[2]) : live.slot;
  // null: a file the entity does not have (its record, where the site's own page answers /{id}; a live file it lacks).
  if (entry[slot] === null || entry[slot] === undefined) return undefined;
  const type = match ? TYPES[slot] : LIVE_TYPE;
  const headers = { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', ...(negotiated ? { Vary: 'Accept' } : {}) };
  return new Response(request.method === 'HEAD' ? null : entry[slot], { headers });
}
`;
  const negotiation =
    bundles !== undefined || !negotiate
      ? ''
      : `
// ---- /{id} in the format the Accept header asks for, from the format files ----
async function answerEntity(request, env, url) {
  const asked = negotiatedSlot(request.method, url.pathname, request.headers.get('Accept'));
  if (!asked) return undefined;
  const file = await env.ASSETS.fetch(new URL(formatFile(asked.slot, asked.id), url.origin));
  // No such file: a path of an id's shape that is no entity (a site folder), served as it would be without the worker.
  return file.ok ? negotiatedResponse(request.method, asked.slot, file) : undefined;
}
`;
  const negotiating = bundles !== undefined || negotiate;
  const worker = `${client}
// ---- Cloudflare Pages worker, generated: the search URL above the static files ----
// Search URLs, and the search each answers.
const SEARCH_PATHS = ${JSON.stringify(searchPaths)};
const SEARCH_FOLDER_PATH = ${JSON.stringify(router.searchFolderPath())};
const PREFLIGHT = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '86400' };
// Parsed JSON files (search index, bundles, the live files and query corpus) by URL, kept across requests, the
// least recently read dropped past JSON_CACHE_TEXT characters of JSON (parsed, about twice that in memory, within
// the isolate's 128 MB). Values only: the Workers runtime cancels a request that awaits a promise another
// request's I/O made, so each request fetches on its own.
const JSON_CACHE_TEXT = 32 * 1024 * 1024;
const jsonFiles = new Map();
let cachedText = 0;
async function staticJson(env, url) {
  let entry = jsonFiles.get(url);
  if (entry) jsonFiles.delete(url);
  else {
    const response = await env.ASSETS.fetch(url);
    if (!response.ok) return response;
    const text = await response.text();
    entry = { body: JSON.parse(text), size: text.length };
    cachedText += entry.size;
    for (const [key, old] of jsonFiles) {
      if (cachedText <= JSON_CACHE_TEXT) break;
      jsonFiles.delete(key);
      cachedText -= old.size;
    }
  }
  // Last in the map: the most recently read.
  jsonFiles.set(url, entry);
  const body = entry.body;
  return { ok: true, status: 200, json: async () => body };
}
${negotiating ? `${negotiatedEntitySource(router)}\n` : ''}${entities}${negotiation}
// ---- the live service's URLs with a query string, from the build's files ----
const BASE_PATH = ${JSON.stringify(router.basePath)};
async function readLive(env, url, file) {${
    bundles === undefined
      ? ''
      : `
  // An entity's live files are in its bundle.
  const live = liveFile(BASE_PATH + '/' + file);
  if (live) {
    const entry = await bundleEntry(env, url, live.id);
    return entry && typeof entry[live.slot] === 'string' ? JSON.parse(entry[live.slot]) : undefined;
  }`
  }
  const response = await staticJson(env, new URL(BASE_PATH + '/' + file, url.origin).href);
  return response.ok ? response.json() : undefined;
}

// A structured query's result's record: not kept across requests (the corpus is; records would fill the memory).
async function readLiveRecord(env, url, id) {${
    bundles === undefined
      ? ''
      : `
  return readRecord(env, url, id);`
  }
  // The id as the IRI writes it: Pages decodes the path to the file's name.
  const response = await env.ASSETS.fetch(new URL(BASE_PATH + '/' + id, url.origin).href);
  return response.ok ? response.json() : undefined;
}

async function answerLive(request, env, url) {
  const path = url.pathname.slice(BASE_PATH.length);
  if (!isLiveQueryPath(path)) return undefined;
  const answer = await answerLiveQuery(
    path,
    url.search,
    (name) => queryParameter(url.search, name),
    (file) => readLive(env, url, file),
    (id) => readLiveRecord(env, url, id),
  );
  if (!answer) return undefined;
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(answer.body), { status: answer.status, headers: SEARCH_HEADERS });
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT });
    const live = await answerLive(request, env, url);
    if (live) return live;
    if (Object.prototype.hasOwnProperty.call(SEARCH_PATHS, url.pathname)) {
      const client = createSearchClient({
        indexUrl: new URL(SEARCH_FOLDER_PATH, url.origin),
        fetch: (file) => staticJson(env, file),${bundles === undefined ? '' : '\n        readRecord: (id) => readRecord(env, url, id),'}
      });
      return answerSearchRequest(client, request, SEARCH_PATHS[url.pathname]);
    }
    ${negotiating ? 'const entity = await answerEntity(request, env, url);\n    if (entity) return entity;\n    ' : ''}return env.ASSETS.fetch(request);
  },
};
`;
  const base = router.basePath;
  // Negotiating, every path an id can take goes through the worker; the folders no id takes stay static.
  const routes =
    bundles !== undefined
      ? { version: 1, include: [`${base}/*`], exclude: [`${base}/${BUNDLES_FOLDER}/*`, `${base}/${DOCS_FOLDER}/*`, `${base}/${OPENAPI_FILE}`] }
      : negotiate
        ? {
            version: 1,
            include: [`${base}/*`],
            exclude: [FORMATS_FOLDER, SITE_FOLDER, DOCS_FOLDER].map((folder) => `${base}/${folder}/*`).concat(`${base}/${OPENAPI_FILE}`),
          }
        : { version: 1, include: [...Object.keys(searchPaths), ...LIVE_QUERY_PATHS.map((path) => `${base}${path}`)], exclude: [] };
  return [
    { path: '_worker.js', contents: worker },
    { path: '_routes.json', contents: `${JSON.stringify(routes, null, 2)}\n` },
  ];
}
