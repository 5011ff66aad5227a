import type { OutputFile } from '../emit/emit-api.ts';
import { LIVE_QUERY_PATHS, SEARCH_CLIENT_FILE, type Router } from '../route/router.ts';
import { negotiatedEntitySource } from './negotiated-entity.ts';
import { segmentPatterns } from './path-rules.ts';

/** Where Netlify should look for edge functions: `edge_functions = "<out>/_netlify/edge-functions"` in netlify.toml. */
export const NETLIFY_EDGE_FOLDER = '_netlify/edge-functions';

/**
 * Netlify: an edge function for the exact search URLs. It imports the site's own client module and reads
 * the index over HTTP from the same site, so the function and the files it reads are deployed together.
 * With `negotiate`, a second one answers `/{id}` in the format the Accept header asks for.
 */
export function emitNetlifyEdge(router: Router, { negotiate = false }: { negotiate?: boolean } = {}): OutputFile[] {
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
  const search = { path: `${NETLIFY_EDGE_FOLDER}/search.js`, contents: source };
  return negotiate ? [search, { path: `${NETLIFY_EDGE_FOLDER}/negotiate.js`, contents: negotiationSource(router, clientImport) }] : [search];
}

function negotiationSource(router: Router, clientImport: string): string {
  return `// Netlify edge function, generated: /{id} in the format the Accept header asks for, from the format files.
import { negotiatedType } from ${JSON.stringify(clientImport)};

${negotiatedEntitySource(router)}

export default async function negotiate(request, context) {
  const asked = negotiatedSlot(request.method, new URL(request.url).pathname, request.headers.get('Accept'));
  if (!asked) return context.next();
  if (asked.slot === 0) {
    // The record, as the static file answers it, marked as negotiated.
    const response = await context.next();
    response.headers.append('Vary', 'Accept');
    return response;
  }
  const file = await fetch(new URL(formatFile(asked.slot, asked.id), request.url));
  // No such file: a path of an id's shape that is no entity (a site folder), served as it is.
  return file.ok ? negotiatedResponse(request.method, asked.slot, file) : context.next();
}

export const config = { path: ${JSON.stringify([`${router.basePath}/:id`, ...segmentPatterns((at) => `:id${at}`).map(({ id }) => `${router.basePath}/${id}`)])} };
`;
}
