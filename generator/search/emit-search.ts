import { emitCloudflareWorker } from '../host/cloudflare-worker.ts';
import { emitServiceWorker } from '../host/service-worker.ts';
import { emitNginxSearch, foldJson } from '../host/nginx-search.ts';
import { emitNginxSite } from '../host/nginx-site.ts';
import { emitNetlifyEdge } from '../host/netlify-edge.ts';
import { emitCloudFrontEdge } from '../host/cloudfront-edge.ts';
import type { SearchSource } from './search-entities.ts';
import { SEARCH_CLIENT_FILE, type Router } from '../route/router.ts';
import { DEFAULT_BUDGETS, indexSearchSource, type IndexStream, type PreviousIndex, type SearchIndex } from './build-search-index.ts';
import { searchClientSource } from './client-source.ts';

/** Everything prefix search needs: the index, its client module, and the code hosts run for the exact URL. */
export function emitSearch(source: SearchSource, router: Router, previous?: PreviousIndex, stream?: IndexStream): Omit<SearchIndex, 'entities'> {
  const index = indexSearchSource(source, DEFAULT_BUDGETS, previous, stream);
  const fold = foldJson(index.memo.characters, previous?.memo.fold);
  return {
    files: [
      ...index.files,
      { path: SEARCH_CLIENT_FILE, contents: searchClientSource() },
      ...emitCloudflareWorker(router),
      ...emitServiceWorker(),
      ...emitNginxSearch(router, fold),
      emitNginxSite(router),
      ...emitNetlifyEdge(router),
      ...emitCloudFrontEdge(router),
    ],
    answering: index.answering,
    carried: index.carried,
    stats: index.stats,
    memo: { ...index.memo, fold },
  };
}
