import { emitReadableJson } from '../emit/json.ts';
import { SEARCH_ENTRY_FILES, SEARCH_FOLDER_CACHE, SHORT_CACHE } from './cache-policy.ts';
import {
  DOWNLOADS,
  FORMATS,
  FORMATS_FOLDER,
  LIVE_CONTENT_TYPE,
  LIVE_FILE_FOLDERS,
  PAGES_FOLDER,
  PAGE_CONTENT_TYPE,
  SEARCH_FOLDER,
  type Router,
} from '../route/router.ts';

// One path segment without a dot: an entity id, never a site file such as /openapi.json or /sw.js.
const ID = ':id([^/.]+)';

/**
 * `vercel.json`: CORS on every answer, each URL shape's Content-Type, and `/{id}/{format}` rewritten (status
 * 200, no redirect) into the formats folder. Vercel matches headers against the requested path, before rewrites.
 */
export function emitVercelConfig(router: Router): string {
  const base = router.basePath;
  const header = (key: string, value: string) => ({ key, value });
  const rewrites = [
    ...FORMATS.filter((spec) => spec.extension !== '').map((spec) => ({
      source: `${base}/${ID}${spec.urlSuffix}`,
      destination: `${base}/${FORMATS_FOLDER}/:id${spec.extension}`,
    })),
    { source: `${base}/${ID}/html`, destination: `${base}/${PAGES_FOLDER}/:id/` },
  ];
  const headers = [
    { source: `${base}/(.*)`, headers: [header('Access-Control-Allow-Origin', '*')] },
    ...FORMATS.map((spec) => ({ source: `${base}/${ID}${spec.urlSuffix}`, headers: [header('Content-Type', spec.contentType)] })),
    { source: `${base}/${ID}/html`, headers: [header('Content-Type', PAGE_CONTENT_TYPE)] },
    ...LIVE_FILE_FOLDERS.map((folder) => ({ source: `${base}/${folder}/(.*)`, headers: [header('Content-Type', LIVE_CONTENT_TYPE)] })),
    ...DOWNLOADS.map(({ path, contentType }) => ({ source: `${base}/${path}`, headers: [header('Content-Type', contentType)] })),
    ...SEARCH_ENTRY_FILES.map((entry) => ({ source: `${base}/${SEARCH_FOLDER}/${entry}`, headers: [header('Cache-Control', SHORT_CACHE)] })),
    ...SEARCH_FOLDER_CACHE.map(([folder, cache]) => ({ source: `${base}/${SEARCH_FOLDER}/${folder}/(.*)`, headers: [header('Cache-Control', cache)] })),
  ];
  return emitReadableJson({ rewrites, headers });
}
