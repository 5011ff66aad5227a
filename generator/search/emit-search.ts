import type { OutputFile } from '../emit/emit-api.ts';
import { emitCloudflareWorker } from '../host/cloudflare-worker.ts';
import { emitServiceWorker } from '../host/service-worker.ts';
import { emitNginxSearch } from '../host/nginx-search.ts';
import { emitNginxSite } from '../host/nginx-site.ts';
import { emitNetlifyEdge } from '../host/netlify-edge.ts';
import { emitCloudFrontEdge } from '../host/cloudfront-edge.ts';
import type { OntologyModel } from '../model/build-model.ts';
import { SEARCH_CLIENT_FILE, type Router } from '../route/router.ts';
import { DEFAULT_BUDGETS, buildSearchIndex, type PreviousIndex, type SearchIndex } from './build-search-index.ts';
import { searchClientSource } from './client-source.ts';

/** Everything prefix search needs: the index, its client module, and the code hosts run for the exact URL. */
export function emitSearch(model: OntologyModel, router: Router, previous?: PreviousIndex): Omit<SearchIndex, 'entities'> {
  const index = buildSearchIndex(model, DEFAULT_BUDGETS, previous);
  return {
    files: [
      ...index.files,
      { path: SEARCH_CLIENT_FILE, contents: searchClientSource() },
      ...emitCloudflareWorker(router),
      ...emitServiceWorker(),
      ...emitNginxSearch(router, index.entities),
      emitNginxSite(router),
      ...emitNetlifyEdge(router),
      ...emitCloudFrontEdge(router),
    ],
    carried: index.carried,
    stats: index.stats,
    memo: index.memo,
  };
}
