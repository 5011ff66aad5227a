import { readFileSync } from 'node:fs';
import type { OutputFile } from '../emit/emit-api.ts';
import { FORMATS, NEGOTIATED_TYPES, SEARCH_FOLDER, type Router } from '../route/router.ts';
import type { FoldMemo } from '../search/fold-table.ts';
import { searchCoreSource } from '../search/client-source.ts';
import { withoutExports } from '../text/joined-modules.ts';

/** Folder of the nginx files; the generated config denies it to visitors. */
export const NGINX_FOLDER = '_nginx';

/**
 * nginx with njs: `_nginx/search.js` answers the exact search URL from the index files on disk, and
 * `_nginx/search.conf` is the location block to include in the site's server block.
 */
export function emitNginxSearch(router: Router, fold: FoldMemo): OutputFile[] {
  const handler = readFileSync(new URL('./nginx/search-handler.js', import.meta.url), 'utf8');
  const location = `# Search at the exact URLs (prefix, label, definition), answered by njs from the index files.
# In http {}:    js_path "<this site's folder>/${NGINX_FOLDER}/";  js_import search from search.js;
# In server {}:  include <this site's folder>/${NGINX_FOLDER}/search.conf;  (site.conf includes the same)
${searchLocations(router)}`;
  return [
    {
      path: `${NGINX_FOLDER}/search.js`,
      contents: `var FOLD = ${fold.json};\n${negotiatedConstants()}\n${nestedRecordConstant(router)}\n\n${withoutExports(searchCoreSource())}\n${handler}`,
    },
    { path: `${NGINX_FOLDER}/search.conf`, contents: location },
  ];
}

/** The formats `/{id}` is negotiated among, the record's first: their media types, and their files' extensions. */
function negotiatedConstants(): string {
  return `var NEGOTIATED_TYPES = ${JSON.stringify(NEGOTIATED_TYPES)};\nvar NEGOTIATED = ${JSON.stringify(FORMATS.map((spec) => spec.extension))};`;
}

/** Where the record of an id with a "/" lies below the site's folder, `{id}` standing for its file name (see the layouts). */
function nestedRecordConstant(router: Router): string {
  const path = router.nestedRecordLinkPath('{id}') ?? router.formatLinkPath('{id}', 'json');
  return `var NESTED_RECORD_FILE = ${JSON.stringify(path.slice(router.basePath.length + 1))};`;
}

/** The search location and the one that hides the nginx files, for `search.conf` and `site.conf`. */
export function searchLocations(router: Router): string {
  const locations = router.searchUrlPaths().map(
    (path) => `location = ${path} {
    # The handler sets the CORS headers; a location's own add_header keeps the server's from doubling them.
    add_header X-Content-Type-Options nosniff always;
    # Where the index lies on disk; change it if the site is served with alias.
    set $search_index $document_root${router.basePath}/${SEARCH_FOLDER}/;
    js_content search.answer;
}
`,
  );
  return `${locations.join('\n')}
location ^~ ${router.basePath}/${NGINX_FOLDER}/ {
    return 404;
}
`;
}
