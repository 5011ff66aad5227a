import { emitReadableJson } from '../emit/json.ts';
import type { Router } from '../route/router.ts';
import { pathRules } from './path-rules.ts';

// One path segment without a dot: an entity id, never a site file such as /openapi.json or /sw.js.
const ID = ':id([^/.]+)';

/**
 * `vercel.json`: CORS on every answer, each URL shape's Content-Type, and `/{id}/{format}` rewritten (status
 * 200, no redirect) into the formats folder. Vercel matches headers against the requested path, before rewrites.
 */
export function emitVercelConfig(router: Router): string {
  const base = router.basePath;
  const header = (key: string, value: string) => ({ key, value });
  const { rewrites, contentTypes, cacheControls } = pathRules(base, { id: ID, idTaken: ':id', rest: '(.*)' });
  const headers = [
    { source: `${base}/(.*)`, headers: [header('Access-Control-Allow-Origin', '*')] },
    ...contentTypes.map(({ source, value }) => ({ source, headers: [header('Content-Type', value)] })),
    ...cacheControls.map(({ source, value }) => ({ source, headers: [header('Cache-Control', value)] })),
  ];
  return emitReadableJson({ rewrites: rewrites.map(({ source, value }) => ({ source, destination: value })), headers });
}
