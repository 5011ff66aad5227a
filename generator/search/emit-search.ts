import type { OutputFile } from '../emit/emit-api.ts';
import { emitCloudflareWorker } from '../host/cloudflare-worker.ts';
import { emitServiceWorker } from '../host/service-worker.ts';
import { emitNginxSearch } from '../host/nginx-search.ts';
import { emitNginxSite } from '../host/nginx-site.ts';
import { emitNetlifyEdge } from '../host/netlify-edge.ts';
import { emitCloudFrontEdge } from '../host/cloudfront-edge.ts';
import type { OntologyModel } from '../model/build-model.ts';
import { SEARCH_CLIENT_FILE, type Router } from '../route/router.ts';
import type { SearchIndexStats } from './build-search-index.ts';
import { searchEntities } from './search-entities.ts';
import { indexOnSecondCore } from '../worker/start-search-worker.ts';
import { searchClientSource } from './client-source.ts';

/**
 * Everything prefix search needs: the index, its client module, and the code hosts run for the exact URL.
 * The index of a large ontology is built on another thread: the caller can emit the entity files meanwhile.
 */
export async function emitSearch(model: OntologyModel, router: Router): Promise<{ files: OutputFile[]; stats: SearchIndexStats }> {
  const entities = searchEntities(model);
  const index = await indexOnSecondCore({ entities, baseIri: model.baseIri });
  return {
    files: [
      ...index.files,
      { path: SEARCH_CLIENT_FILE, contents: searchClientSource() },
      ...emitCloudflareWorker(router),
      ...emitServiceWorker(),
      ...emitNginxSearch(router, entities),
      emitNginxSite(router),
      ...emitNetlifyEdge(router),
      ...emitCloudFrontEdge(router),
    ],
    stats: index.stats,
  };
}
