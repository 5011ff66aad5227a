import { DOWNLOADS, FORMATS, FORMATS_FOLDER, LIVE_CONTENT_TYPE, LIVE_FILE_FOLDERS, PAGES_FOLDER, PAGE_CONTENT_TYPE, SEARCH_FOLDER } from '../route/router.ts';
import { SEARCH_ENTRY_FILES, SEARCH_FOLDER_CACHE, SHORT_CACHE } from './cache-policy.ts';

/** How a host's path patterns write one id segment in a source, take it into a destination, and match the rest of a path. */
export interface PathSyntax {
  id: string;
  idTaken: string;
  rest: string;
}

/** What the URLs a source pattern matches get: a destination, or a header's value. */
export interface PathRule {
  source: string;
  value: string;
}

/**
 * The rules of the hosts that rewrite and set headers by path (Cloudflare Pages' and Netlify's `_redirects` and
 * `_headers`, Vercel's `vercel.json`), each host writing them in its own syntax: `/{id}/{format}` and `/{id}/html`
 * answered from their folders with no redirect; each URL shape's Content-Type, most specific first (on some hosts
 * `/:id` would otherwise also claim the two-segment URLs); and how long the search files may be cached (the entry
 * file changes with every build, SEARCH_FOLDER_CACHE says how long the files behind it last).
 */
export function pathRules(base: string, { id, idTaken, rest }: PathSyntax): { rewrites: PathRule[]; contentTypes: PathRule[]; cacheControls: PathRule[] } {
  return {
    rewrites: [
      ...FORMATS.filter((spec) => spec.extension !== '').map((spec) => ({
        source: `${base}/${id}${spec.urlSuffix}`,
        value: `${base}/${FORMATS_FOLDER}/${idTaken}${spec.extension}`,
      })),
      { source: `${base}/${id}/html`, value: `${base}/${PAGES_FOLDER}/${idTaken}/` },
    ],
    contentTypes: [
      { source: `${base}/${id}/html`, value: PAGE_CONTENT_TYPE },
      ...[...FORMATS].reverse().map((spec) => ({ source: `${base}/${id}${spec.urlSuffix}`, value: spec.contentType })),
      ...DOWNLOADS.map(({ path, contentType }) => ({ source: `${base}/${path}`, value: contentType })),
      // The live service's read URLs: files at their paths, JSON without an extension.
      ...LIVE_FILE_FOLDERS.map((folder) => ({ source: `${base}/${folder}/${rest}`, value: LIVE_CONTENT_TYPE })),
    ],
    cacheControls: [
      ...SEARCH_ENTRY_FILES.map((entry) => ({ source: `${base}/${SEARCH_FOLDER}/${entry}`, value: SHORT_CACHE })),
      ...SEARCH_FOLDER_CACHE.map(([folder, cache]) => ({ source: `${base}/${SEARCH_FOLDER}/${folder}/${rest}`, value: cache })),
    ],
  };
}
