import type { OutputFile } from '../emit/emit-api.ts';
import { SEARCH_ENTRY_FILES, SEARCH_FOLDER_CACHE, SHORT_CACHE } from './cache-policy.ts';
import {
  DOWNLOAD_CONTENT_TYPE,
  DOWNLOADS_FOLDER,
  FORMATS,
  FORMATS_FOLDER,
  LIVE_CONTENT_TYPE,
  LIVE_FILE_FOLDERS,
  LIVE_QUERY_PATHS,
  mediaTypeOf,
  NOT_FOUND_FILE,
  PAGES_FOLDER,
  PAGE_CONTENT_TYPE,
  SEARCH_FOLDER,
  SITE_OWN_NAMES,
  SITE_PATH_IDS,
  type Router,
} from '../route/router.ts';
import { NGINX_FOLDER, searchLocations } from './nginx-search.ts';

const CORS = 'add_header Access-Control-Allow-Origin "*" always;';
// The live URLs' folders whose answers a query string can change: njs answers them.
const LIVE_QUERY_FOLDERS = ['taxonomy', 'explore'];
// The formats /{id} can be negotiated into: those with a file of their own in the formats folder.
const NEGOTIABLE = FORMATS.filter((spec) => spec.extension !== '');
const RECORD_TYPE = FORMATS.find((spec) => spec.extension === '')?.contentType ?? 'application/json';
// nginx decodes an escaped "/" before it matches a location or looks a file up, but no id's URL holds one (`/a%2Fb`
// is not `/a/b`): each location of an id's URLs answers it with the 404 (in a location: the error page follows it).
const ENCODED_SLASH = 'if ($request_uri ~ "^[^?]*%2[Ff]") { return 404; }';
// An id (of one segment or more, no dot: a file's path has one), as the format and page URLs end in it. Named: the
// ENCODED_SLASH test's regular expression takes the numbered captures.
const ID = '(?<id>[^.]+)';
// An id with a "/", not below one of the site's own folders (checkIds refuses such ids): its record's URL.
const NESTED_ID = `(?!(?:${[...SITE_OWN_NAMES, ...SITE_PATH_IDS].join('|')})/)(?<id>[^/.]+(?:/[^/.]+)+)`;

/**
 * `_nginx/site.conf`: the whole seed contract on nginx — the record at `/{id}` as JSON, each format at
 * `/{id}/{format}` from the formats folder without a redirect, the concept page at `/{id}/html`, CORS on
 * every answer and preflight, the JSON 404 body, and the exact search URL (with `search.conf`).
 */
export function emitNginxSite(router: Router): OutputFile {
  const base = router.basePath;
  // nginx drops the server's add_header lines in a location that has its own, so every location repeats CORS.
  const located = (match: string, lines: string[]) => `location ${match} {\n${[CORS, ...lines].map((line) => `    ${line}`).join('\n')}\n}`;
  const formats = NEGOTIABLE.map((spec) =>
    located(`~ "^${base}/${ID}${spec.urlSuffix}$"`, [
      ENCODED_SLASH,
      `default_type "${spec.contentType}";`,
      'types { }',
      `try_files ${base}/${FORMATS_FOLDER}/$id${spec.extension} =404;`,
    ]),
  );
  // Where the build's files lie on disk, and the base path the live URLs are read below.
  const liveByCode = [`set $live_base "${base}";`, `set $live_root $document_root${base}/;`, 'js_content search.live;'];
  const blocks = [
    `# The seed contract on nginx. In http {}:  js_path "<site folder>/${NGINX_FOLDER}/";  js_import search from search.js;`,
    `# In the server {} whose root is the site folder${base ? ` (served at ${base}/)` : ''}:  include <site folder>/${NGINX_FOLDER}/site.conf;`,
    CORS,
    `error_page 404 ${base}/${NOT_FOUND_FILE};`,
    // A URI nginx cannot decode (a malformed escape) names no entity, nor does a folder (a nested id's, say): the same 404.
    `error_page 400 403 =404 ${base}/${NOT_FOUND_FILE};`,
    // Browsers ask before a cross-origin request with custom headers; every URL answers yes to GET. The
    // answer is given before any location is chosen, so it carries these server-level headers.
    'add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;',
    'add_header Access-Control-Allow-Headers "*" always;',
    'add_header Access-Control-Max-Age 86400 always;',
    'if ($request_method = OPTIONS) {\n    return 204;\n}',
    // The extension of the format an Accept header asks /{id} for (search.js's negotiated), worked out only there.
    'js_set $negotiated_extension search.negotiated;',
    searchLocations(router).trim(),
    ...formats,
    located(`~ "^${base}/${ID}/html$"`, [
      ENCODED_SLASH,
      `default_type "${PAGE_CONTENT_TYPE}";`,
      'types { }',
      `try_files ${base}/${PAGES_FOLDER}/$id/index.html =404;`,
    ]),
    located(`^~ ${base}/${PAGES_FOLDER}/`, [`error_page 404 ${base}/${PAGES_FOLDER}/404.html;`]),
    located(`^~ ${base}/${DOWNLOADS_FOLDER}/`, [`default_type "${DOWNLOAD_CONTENT_TYPE}";`, 'types { }']),
    located(`= ${base}/${NOT_FOUND_FILE}`, [`default_type "${RECORD_TYPE}";`, 'types { }', 'internal;']),
    ...SEARCH_ENTRY_FILES.map((entry) => located(`= ${base}/${SEARCH_FOLDER}/${entry}`, [`add_header Cache-Control "${SHORT_CACHE}";`])),
    ...SEARCH_FOLDER_CACHE.map(([folder, cache]) => located(`^~ ${base}/${SEARCH_FOLDER}/${folder}/`, [`add_header Cache-Control "${cache}";`])),
    // The live service's read URLs: files at their paths, JSON without an extension; those a query string changes
    // answered by njs (search.js's live), which hands the rest back to @live_file. Plain prefixes, which the format
    // and page patterns above come before: an entity named like the folder (VoID's `properties`) has `/properties/jsonld`.
    ...LIVE_FILE_FOLDERS.map((folder) =>
      LIVE_QUERY_FOLDERS.includes(folder)
        ? located(`${base}/${folder}/`, liveByCode)
        : located(`${base}/${folder}/`, [`default_type "${LIVE_CONTENT_TYPE}";`, 'types { }', 'try_files $uri =404;']),
    ),
    // The live URLs answered by code alone: /connections, the structured queries.
    ...LIVE_QUERY_PATHS.filter((path) => !path.endsWith('/*')).map((path) => located(`= ${base}${path}`, liveByCode)),
    located('@live_file', [`default_type "${LIVE_CONTENT_TYPE}";`, 'types { }', 'try_files $uri =404;']),
    // A record is a top-level file without an extension; anything with a dot is a site file. Negotiated: the format
    // file an Accept header asks for first (its type from its extension), else the record.
    located(`~ "^${base}/(?<id>[^/.]+)$"`, negotiated(`${base}/${FORMATS_FOLDER}/$id$negotiated_extension $uri`)),
    // An id with a "/" has its record in the formats folder (a file `a` may be a's record where `a/b` needs a folder).
    located(`~ "^${base}/${NESTED_ID}$"`, negotiated(`${base}/${FORMATS_FOLDER}/$id$negotiated_extension ${router.nestedRecordLinkPath('$id')}`)),
  ];
  return { path: `${NGINX_FOLDER}/site.conf`, contents: `${blocks.join('\n\n')}\n` };
}

/** A negotiated record location's lines: the record's type by default, the other formats' by extension, `files` tried in turn. */
function negotiated(files: string): string[] {
  return [
    ENCODED_SLASH,
    'add_header Vary Accept always;',
    `default_type "${RECORD_TYPE}";`,
    `types { ${NEGOTIABLE.map((spec) => `${mediaTypeOf(spec.contentType)} ${spec.extension.slice(1)};`).join(' ')} }`,
    `charset utf-8; charset_types ${NEGOTIABLE.filter((spec) => spec.contentType.includes('charset=utf-8'))
      .map((spec) => mediaTypeOf(spec.contentType))
      .join(' ')};`,
    `try_files ${files} =404;`,
  ];
}
