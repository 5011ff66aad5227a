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
import { SEARCH_ENTRY_FILES, SEARCH_FOLDER_CACHE, SHORT_CACHE } from './cache-policy.ts';

// `_headers` and `_redirects` in the syntax Cloudflare Pages and Netlify both read.
// Their rules are matched against the request path, so they are written with the base path.

/** `_redirects`: `/{id}/{format}` answers 200 from the formats folder, with no redirect. */
export function emitRedirects(router: Router): string {
  const rules = FORMATS.filter((spec) => spec.extension !== '').map(
    (spec) => `${router.basePath}/:id${spec.urlSuffix} ${router.basePath}/${FORMATS_FOLDER}/:id${spec.extension} 200`,
  );
  rules.push(`${router.basePath}/:id/html ${router.basePath}/${PAGES_FOLDER}/:id/ 200`);
  return `${rules.join('\n')}\n`;
}

/** `_headers`: CORS on everything, and each format's Content-Type by URL shape. */
export function emitHeaders(router: Router): string {
  const blocks = [`${router.basePath}/*\n  Access-Control-Allow-Origin: *`];
  // Most specific first: `/:id` would otherwise also claim the two-segment format URLs on some hosts.
  blocks.push(`${router.basePath}/:id/html\n  Content-Type: ${PAGE_CONTENT_TYPE}`);
  for (const spec of [...FORMATS].reverse()) {
    blocks.push(`${router.basePath}/:id${spec.urlSuffix}\n  Content-Type: ${spec.contentType}`);
  }
  for (const { path, contentType } of DOWNLOADS) blocks.push(`${router.basePath}/${path}\n  Content-Type: ${contentType}`);
  // The live service's read URLs: files at their paths, JSON without an extension.
  for (const folder of LIVE_FILE_FOLDERS) blocks.push(`${router.basePath}/${folder}/*\n  Content-Type: ${LIVE_CONTENT_TYPE}`);
  // The search entry file changes with every build; SEARCH_FOLDER_CACHE says how long the files behind it last.
  for (const entry of SEARCH_ENTRY_FILES) blocks.push(`${router.basePath}/${SEARCH_FOLDER}/${entry}\n  Cache-Control: ${SHORT_CACHE}`);
  for (const [folder, cache] of SEARCH_FOLDER_CACHE) blocks.push(`${router.basePath}/${SEARCH_FOLDER}/${folder}/*\n  Cache-Control: ${cache}`);
  return `${blocks.join('\n')}\n`;
}
