import { extname } from 'node:path';
import { SEARCH_FOLDER_CACHE, SHORT_CACHE } from '../host/cache-policy.ts';
import {
  DOWNLOAD_CONTENT_TYPE,
  fileNameOf,
  formatSpec,
  isLiveFile,
  LIVE_CONTENT_TYPE,
  PAGE_CONTENT_TYPE,
  SEARCH_FOLDER,
  type Router,
} from '../route/router.ts';

/** One object to put in the bucket: its key, the output file that holds its bytes, and its metadata. */
export interface PlannedObject {
  key: string;
  file: string;
  contentType: string;
  cacheControl: string;
}

// Files only other hosts read: their configuration and code. S3 serves the exact URLs as objects instead.
const OTHER_HOSTS = /^(_headers|_redirects|_worker\.js|_routes\.json|vercel\.json|\.nojekyll|_nginx\/|_netlify\/|_cloudfront\/)/;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  // The whole-ontology downloads (as every host is told to send them).
  '.gz': DOWNLOAD_CONTENT_TYPE,
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

/**
 * The bucket's objects for a built output folder, in either layout. S3 keys are flat, so every seed URL exists as an object
 * of its own: `{id}` (the record), `{id}/jsonld`, `{id}/xml`, `{id}/ttl`, `{id}/nt`, `{id}/markdown` and `{id}/html` — no rewrites —
 * and each folder page is also stored under `folder/`, since S3 has no index documents outside website hosting.
 */
export function planObjects(paths: readonly string[], router: Router, prefix = ''): PlannedObject[] {
  const objects: PlannedObject[] = [];
  const add = (key: string, file: string, contentType: string, cacheControl = SHORT_CACHE) =>
    objects.push({ key: `${prefix}${key}`, file, contentType, cacheControl });
  for (const path of paths) {
    if (OTHER_HOSTS.test(path)) continue;
    const entity = router.fileEntity(path);
    if (entity) {
      const key = `${fileNameOf(entity.id)}${entity.format === 'html' ? '/html' : formatSpec(entity.format).urlSuffix}`;
      add(key, path, entity.format === 'html' ? PAGE_CONTENT_TYPE : formatSpec(entity.format).contentType);
      // The file's own path is a key too, for the site's links to it, unless that is the URL (GitHub Pages' layout).
      if (entity.format === 'json' || key === path) continue;
    }
    const cache = SEARCH_FOLDER_CACHE.find(([folder]) => path.startsWith(`${SEARCH_FOLDER}/${folder}/`))?.[1] ?? SHORT_CACHE;
    const type = isLiveFile(path) ? LIVE_CONTENT_TYPE : (TYPES[extname(path)] ?? 'application/octet-stream');
    add(path, path, type, cache);
    if (path.endsWith('/index.html')) add(path.slice(0, -'index.html'.length), path, type);
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
