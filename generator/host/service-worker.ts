import type { OutputFile } from '../emit/emit-api.ts';
import { SEARCH_CLIENT_FILE, SEARCH_FOLDER, SEARCH_KINDS } from '../route/router.ts';
import { searchClientSource } from '../search/client-source.ts';
import { withoutExports } from '../text/joined-modules.ts';

/** The service worker's file, at the site root so its scope covers every page. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * A classic service worker that answers same-origin `search/{prefix,label,definition}?query=…` requests from the static
 * index, and the live service's URLs that need code (a query string, `/connections`, the structured queries) from
 * the build's files, for hosts that cannot route on query strings (GitHub Pages, S3). Classic rather than a module,
 * so browsers without module service workers run it too; the inlined client finds the index from the scope.
 */
export function emitServiceWorker(): OutputFile[] {
  const client = withoutExports(searchClientSource()).replace(
    'import.meta.url',
    `new URL(${JSON.stringify(SEARCH_CLIENT_FILE)}, self.registration.scope).href`,
  );
  const worker = `${client}
// ---- service worker, generated: the search URL for hosts without query routing ----
const SEARCH_FOLDER_PATH = new URL(${JSON.stringify(`${SEARCH_FOLDER}/`)}, self.registration.scope).pathname;
const SEARCH_KINDS = ${JSON.stringify(SEARCH_KINDS)};
let siteClient;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
// The scope's path without its last slash: the base path the live URLs are below.
const BASE_PATH = new URL(self.registration.scope).pathname.replace(/[/]$/, '');
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith(BASE_PATH + '/') && isLiveQueryPath(url.pathname.slice(BASE_PATH.length))) {
    // The file at the path answers where the query string changes nothing.
    event.respondWith(answerLiveRequest(event.request, BASE_PATH, self.registration.scope).then((answer) => answer ?? fetch(event.request)));
    return;
  }
  const kind = url.pathname.slice(SEARCH_FOLDER_PATH.length);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SEARCH_FOLDER_PATH) || !SEARCH_KINDS.includes(kind)) return;
  siteClient ??= createSearchClient({ indexUrl: new URL(${JSON.stringify(`${SEARCH_FOLDER}/`)}, self.registration.scope) });
  event.respondWith(answerSearchRequest(siteClient, event.request, kind));
});
`;
  return [{ path: SERVICE_WORKER_FILE, contents: worker }];
}
