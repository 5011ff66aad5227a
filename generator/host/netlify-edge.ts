import type { OutputFile } from '../emit/emit-api.ts';
import { LIVE_QUERY_PATHS, SEARCH_CLIENT_FILE, type Router } from '../route/router.ts';

/** Where Netlify should look for edge functions: `edge_functions = "<out>/_netlify/edge-functions"` in netlify.toml. */
export const NETLIFY_EDGE_FOLDER = '_netlify/edge-functions';

/**
 * Netlify: an edge function for the exact search URLs. It imports the site's own client module and reads
 * the index over HTTP from the same site, so the function and the files it reads are deployed together.
 */
export function emitNetlifyEdge(router: Router): OutputFile[] {
  const depth = NETLIFY_EDGE_FOLDER.split('/').length;
  const clientImport = `${'../'.repeat(depth)}${SEARCH_CLIENT_FILE}`;
  const source = `// Netlify edge function, generated: answers the exact search URL from the static index.
import { answerLiveRequest, answerSearchRequest, createSearchClient } from ${JSON.stringify(clientImport)};

// Search URLs, and the search each answers.
const SEARCH_PATHS = ${JSON.stringify(router.searchKindsByPath())};
const SEARCH_FOLDER_PATH = ${JSON.stringify(router.searchFolderPath())};
let siteClient;

// The live service's URLs that take a query string: answered from the site's files, or passed on to them.
const LIVE_PATHS = ${JSON.stringify(LIVE_QUERY_PATHS.map((path) => `${router.basePath}${path}`))};
const BASE_PATH = ${JSON.stringify(router.basePath)};

export default async function search(request, context) {
  const path = new URL(request.url).pathname;
  if (!Object.prototype.hasOwnProperty.call(SEARCH_PATHS, path)) return (await answerLiveRequest(request, BASE_PATH, new URL(BASE_PATH + '/', request.url))) ?? context?.next();
  siteClient ??= createSearchClient({ indexUrl: new URL(SEARCH_FOLDER_PATH, request.url) });
  return answerSearchRequest(siteClient, request, SEARCH_PATHS[path]);
}

export const config = { path: [...Object.keys(SEARCH_PATHS), ...LIVE_PATHS] };
`;
  return [{ path: `${NETLIFY_EDGE_FOLDER}/search.js`, contents: source }];
}
