import type { OutputFile } from '../emit/emit-api.ts';
import type { Router } from '../route/router.ts';
import { searchClientSource } from '../search/client-source.ts';
import { negotiatedEntitySource } from './negotiated-entity.ts';

export const CLOUDFRONT_FOLDER = '_cloudfront';

/**
 * CloudFront: CloudFront Functions cannot read files or make requests, so they cannot rank; the exact
 * search URL is answered by a Lambda@Edge origin-request function (Node.js runtime) that reads the index
 * from the distribution's own origin. Self-contained: the client is inlined, so the file is the package.
 * On `/{id}`, the same function answers an Accept header that asks for another format than the record with that
 * format's file from the origin (the record itself, and every other path, pass on to the origin as they are).
 */
export function emitCloudFrontEdge(router: Router): OutputFile[] {
  const source = `${searchClientSource()}
// ---- Lambda@Edge origin-request handler, generated: the search URL from the index on the origin ----
// Search URLs, and the search each answers.
const SEARCH_PATHS = ${JSON.stringify(router.searchKindsByPath())};
const SEARCH_FOLDER_PATH = ${JSON.stringify(router.searchFolderPath())};
const BASE_PATH = ${JSON.stringify(router.basePath)};
const clients = new Map();
${negotiatedEntitySource(router)}

function originBase(request) {
  const custom = request.origin?.custom;
  if (custom) {
    const port = custom.port && ![80, 443].includes(custom.port) ? \`:\${custom.port}\` : '';
    return \`\${custom.protocol === 'http' ? 'http' : 'https'}://\${custom.domainName}\${port}\${custom.path ?? ''}\`;
  }
  return \`https://\${request.origin?.s3?.domainName ?? request.headers.host[0].value}\${request.origin?.s3?.path ?? ''}\`;
}

async function viewerResponse(response) {
  const headers = {};
  response.headers.forEach((value, key) => { headers[key] = [{ key, value }]; });
  return { status: String(response.status), statusDescription: response.statusText || String(response.status), headers, body: await response.text() };
}

// /{id} in the format the Accept header asks for, when that is not the record and the origin has the file (a path
// of that shape that is no entity, /docs say, has none); undefined to pass the request on.
async function negotiatedEntity(request) {
  const accept = (request.headers.accept ?? []).map((header) => header.value).join(', ');
  const asked = negotiatedSlot(request.method, request.uri, accept);
  if (!asked || asked.slot === 0) return undefined;
  const file = await fetch(originBase(request) + request.uri + SUFFIXES[asked.slot]);
  return file.ok ? viewerResponse(negotiatedResponse(request.method, asked.slot, file)) : undefined;
}

export async function handler(event) {
  const request = event.Records[0].cf.request;
  const url = \`https://viewer.invalid\${request.uri}\${request.querystring ? \`?\${request.querystring}\` : ''}\`;
  if (!Object.prototype.hasOwnProperty.call(SEARCH_PATHS, request.uri)) {
    // The live service's URLs that take a query string, from the site's files on the origin; the rest pass on.
    const live = await answerLiveRequest(new Request(url, { method: request.method }), BASE_PATH, originBase(request) + BASE_PATH + '/');
    return live ? viewerResponse(live) : ((await negotiatedEntity(request)) ?? request);
  }
  const base = originBase(request);
  let client = clients.get(base);
  if (!client) clients.set(base, (client = createSearchClient({ indexUrl: \`\${base}\${SEARCH_FOLDER_PATH}\` })));
  return viewerResponse(await answerSearchRequest(client, new Request(url, { method: request.method }), SEARCH_PATHS[request.uri]));
}
`;
  return [{ path: `${CLOUDFRONT_FOLDER}/search-origin-request.mjs`, contents: source }];
}
