import type { OutputFile } from '../emit/emit-api.ts';
import type { Router } from '../route/router.ts';
import { searchClientSource } from '../search/client-source.ts';

/**
 * Cloudflare Pages: `_worker.js` answers the exact search URL from the static index (read through
 * `env.ASSETS`), and `_routes.json` sends it only that URL, so every other request stays a static file
 * with `_headers` and `_redirects` applied.
 */
export function emitCloudflareWorker(router: Router): OutputFile[] {
  const path = router.searchUrlPath();
  // workerd takes every named export of the module for an entry point, so the inlined client exports nothing.
  const client = searchClientSource().replace(/^export /gm, '');
  const worker = `${client}
// ---- Cloudflare Pages worker, generated: the search URL above the static files ----
const SEARCH_PATH = ${JSON.stringify(path)};
let siteClient;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== SEARCH_PATH) return env.ASSETS.fetch(request);
    siteClient ??= createSearchClient({ indexUrl: new URL(SEARCH_PATH.replace(/prefix$/, ''), url.origin), fetch: (file) => env.ASSETS.fetch(file) });
    return answerSearchRequest(siteClient, request);
  },
};
`;
  const routes = { version: 1, include: [path], exclude: [] };
  return [
    { path: '_worker.js', contents: worker },
    { path: '_routes.json', contents: `${JSON.stringify(routes, null, 2)}\n` },
  ];
}
