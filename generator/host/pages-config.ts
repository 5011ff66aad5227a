import { MOST_ID_SEGMENTS, type Router } from '../route/router.ts';
import { pathRules, segmentPatterns, type RuledPaths } from './path-rules.ts';

// `_headers` and `_redirects` in the syntax Cloudflare Pages and Netlify both read: one placeholder a segment.
// Their rules are matched against the request path, so they are written with the base path.
// Cloudflare Pages puts a placeholder's value in for every text that starts with its name (`:id` would spoil `:id2`):
// names of one length, none another's start.
const part = (at: number) => `:part${String.fromCharCode(65 + at)}`;
const SYNTAX = {
  id: ':id',
  idTaken: ':id',
  // Cloudflare Pages applies a rewrite whether a file answers the path or not: each nested id's record has its own rule.
  nested: { patterns: segmentPatterns(part), records: false },
  rest: '*',
  // Cloudflare Pages matches the path as sent: `/:id/jsonld` would take `/a%2Fb/jsonld`, and its dev server fails (502)
  // looking `/Astronaut%2FtimeInSpace` up below the file `Astronaut`. An escaped "/" names no entity: the 404.
  noEntity: Array.from({ length: MOST_ID_SEGMENTS }, (_, depth) => Array.from({ length: depth }, (_, at) => `${part(at)}/`).join('')).flatMap((before) => [
    `${before}:id%2F*`,
    `${before}:id%2f*`,
  ]),
};

/** `_redirects`: `/{id}/{format}` answers 200 from the formats folder, with no redirect; so does `/{a}/{b}` for an id `a/b` (`paths.nestedIds`). */
export function emitRedirects(router: Router, paths?: RuledPaths): string {
  return `${pathRules(router, SYNTAX, paths)
    .rewrites.map(({ source, value }) => `${source} ${value} 200`)
    .join('\n')}\n`;
}

/** `_headers`: CORS on everything, and each format's Content-Type by URL shape. */
export function emitHeaders(router: Router, paths?: RuledPaths): string {
  const { contentTypes, cacheControls } = pathRules(router, SYNTAX, paths);
  const blocks = [
    `${router.basePath}/*\n  Access-Control-Allow-Origin: *`,
    ...contentTypes.map(({ source, value }) => `${source}\n  Content-Type: ${value}`),
    ...cacheControls.map(({ source, value }) => `${source}\n  Cache-Control: ${value}`),
  ];
  return `${blocks.join('\n')}\n`;
}
