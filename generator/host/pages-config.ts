import type { Router } from '../route/router.ts';
import { pathRules } from './path-rules.ts';

// `_headers` and `_redirects` in the syntax Cloudflare Pages and Netlify both read.
// Their rules are matched against the request path, so they are written with the base path.
const SYNTAX = { id: ':id', idTaken: ':id', rest: '*' };

/** `_redirects`: `/{id}/{format}` answers 200 from the formats folder, with no redirect. */
export function emitRedirects(router: Router): string {
  return `${pathRules(router.basePath, SYNTAX)
    .rewrites.map(({ source, value }) => `${source} ${value} 200`)
    .join('\n')}\n`;
}

/** `_headers`: CORS on everything, and each format's Content-Type by URL shape. */
export function emitHeaders(router: Router): string {
  const { contentTypes, cacheControls } = pathRules(router.basePath, SYNTAX);
  const blocks = [
    `${router.basePath}/*\n  Access-Control-Allow-Origin: *`,
    ...contentTypes.map(({ source, value }) => `${source}\n  Content-Type: ${value}`),
    ...cacheControls.map(({ source, value }) => `${source}\n  Cache-Control: ${value}`),
  ];
  return `${blocks.join('\n')}\n`;
}
