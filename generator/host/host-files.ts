import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import { HOST_FILE, NOT_FOUND_FILE, type Router } from '../route/router.ts';
import { NOT_FOUND_BODY } from '../schema/records.ts';
import type { FoldMemo } from '../search/fold-table.ts';
import { emitCloudFrontEdge } from './cloudfront-edge.ts';
import { emitCloudflareWorker } from './cloudflare-worker.ts';
import { emitNetlifyEdge } from './netlify-edge.ts';
import { emitNginxSearch } from './nginx-search.ts';
import { emitNginxSite } from './nginx-site.ts';
import { emitHeaders, emitRedirects } from './pages-config.ts';
import { emitServiceWorker } from './service-worker.ts';
import { emitVercelConfig } from './vercel-config.ts';
import type { RuledPaths } from './path-rules.ts';

/**
 * Every file the build writes for its hosts: the JSON 404 body, the service worker and, for hosts that rewrite
 * or run code, their configuration and search handlers. GitHub Pages reads none of those, so its layout gets
 * only what it serves. `fold`: the search index's fold table, which the nginx handler inlines. `negotiate`: the
 * Cloudflare worker and Netlify's edge functions answer `/{id}` too (see BuildOptions). `paths`: what of the
 * ontology the rewrite and header rules name one by one (see RuledPaths).
 */
export function emitHostFiles(router: Router, fold: FoldMemo, { negotiate = false, paths }: { negotiate?: boolean; paths?: RuledPaths } = {}): OutputFile[] {
  const served: OutputFile[] = [
    // Hosts serve this for unknown paths; at the root every unknown path is an unknown id.
    { path: NOT_FOUND_FILE, contents: emitJson(NOT_FOUND_BODY) },
    // A branch-deployed GitHub Pages site would otherwise run Jekyll, which drops the "_" folders (`_astro`, `_api`).
    { path: '.nojekyll', contents: '' },
    { path: HOST_FILE, contents: emitJson({ host: router.host }) },
    ...emitServiceWorker(),
  ];
  if (router.host === 'github-pages') return served;
  return [
    ...served,
    { path: '_headers', contents: emitHeaders(router, paths) },
    { path: '_redirects', contents: emitRedirects(router, paths) },
    { path: 'vercel.json', contents: emitVercelConfig(router, paths) },
    ...emitCloudflareWorker(router, { negotiate }),
    ...emitNginxSearch(router, fold),
    emitNginxSite(router),
    ...emitNetlifyEdge(router, { negotiate }),
    ...emitCloudFrontEdge(router),
  ];
}
