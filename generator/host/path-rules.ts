import {
  DOWNLOADS,
  FORMATS,
  FORMATS_FOLDER,
  LIVE_CONTENT_TYPE,
  LIVE_FILE_FOLDERS,
  LIVE_FILES,
  liveBranchFile,
  liveEntityGraphFile,
  liveTreeNodeFile,
  MOST_ID_SEGMENTS,
  PAGES_FOLDER,
  PAGE_CONTENT_TYPE,
  SEARCH_FOLDER,
  SITE_FOLDER,
  type Router,
} from '../route/router.ts';
import { SEARCH_ENTRY_FILES, SEARCH_FOLDER_CACHE, SHORT_CACHE } from './cache-policy.ts';

/** How a host's path patterns write an id in a source and take it into a destination. */
export interface IdPattern {
  id: string;
  idTaken: string;
}

/** How a host's path patterns write ids and match the rest of a path. */
export interface PathSyntax extends IdPattern {
  /**
   * Ids with a "/": one pattern for every number of segments (a regular expression's), or one for each. `records`:
   * whether their records may be rewritten by the pattern too, on a host that serves a file at the path before any
   * rewrite (Vercel); otherwise each such id's record gets a rule of its own.
   */
  nested: { patterns: readonly IdPattern[]; records: boolean };
  rest: string;
  /** Paths that name no entity though a pattern would take them (an escaped "/"), sent where no file is, before the patterns. */
  noEntity?: readonly string[];
}

/**
 * What of the ontology the rules depend on: the ids with a "/"; the ids named as a folder of the live service's files
 * (VoID's `properties`), whose files get rules of their own; the taxonomy's branch segments (`/taxonomy/{segment}`).
 */
export interface RuledPaths {
  nestedIds: readonly string[];
  folderIds: readonly string[];
  branchSegments: readonly string[];
}

const NO_PATHS: RuledPaths = { nestedIds: [], folderIds: [], branchSegments: [] };

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
 * file changes with every build, SEARCH_FOLDER_CACHE says how long the files behind it last). An id with a "/"
 * (`paths.nestedIds`) has its record in the formats folder: on hosts that apply a rewrite whether or not a file answers the
 * path (Cloudflare Pages), a pattern `/:a/:b` would take every two-segment file of the site, so each has its own.
 */
export function pathRules(
  router: Router,
  syntax: PathSyntax,
  { nestedIds, folderIds, branchSegments }: RuledPaths = NO_PATHS,
): { rewrites: PathRule[]; contentTypes: PathRule[]; cacheControls: PathRule[] } {
  const base = router.basePath;
  const { rest, nested } = syntax;
  const patterns = [syntax, ...nested.patterns];
  const recordRule = (source: string, taken: string) => {
    const value = router.nestedRecordLinkPath(taken);
    return value === undefined ? [] : [{ source, value }];
  };
  // Rules of their own are static, which Cloudflare Pages reads first; a pattern would also take `/a/jsonld`, so comes last.
  const ownRecords = nested.records ? [] : [...nestedIds].sort().flatMap((id) => recordRule(router.urlPath(id, 'json'), id));
  // Every live file and folder of files, for the folders an id is named as.
  const liveFiles = [...Object.values(LIVE_FILES), ...branchSegments.map(liveBranchFile), ...LIVE_ID_FOLDERS.map((path) => `${path}${rest}`)];
  const patternRecords = nested.records ? nested.patterns.flatMap(({ id, idTaken }) => recordRule(`${base}/${id}`, idTaken)) : [];
  return {
    rewrites: [
      ...ownRecords,
      ...(syntax.noEntity ?? []).map((source) => ({ source: `${base}/${source}`, value: `${base}/${NO_FILE}` })),
      ...patterns.flatMap(({ id, idTaken }) => [
        ...FORMATS.filter((spec) => spec.extension !== '').map((spec) => ({
          source: `${base}/${id}${spec.urlSuffix}`,
          value: `${base}/${FORMATS_FOLDER}/${idTaken}${spec.extension}`,
        })),
        { source: `${base}/${id}/html`, value: `${base}/${PAGES_FOLDER}/${idTaken}/` },
      ]),
      ...patternRecords,
    ],
    contentTypes: [
      // A nested id's record takes its type from its file's extension (`.json`, see ownRecords).
      ...patterns.flatMap(({ id }, at) => [
        { source: `${base}/${id}/html`, value: PAGE_CONTENT_TYPE },
        ...[...FORMATS]
          .reverse()
          .flatMap((spec) => (at > 0 && spec.urlSuffix === '' ? [] : [{ source: `${base}/${id}${spec.urlSuffix}`, value: spec.contentType }])),
      ]),
      ...DOWNLOADS.map(({ path, contentType }) => ({ source: `${base}/${path}`, value: contentType })),
      // The live service's read URLs: files at their paths, JSON without an extension. A folder an id is named as
      // (VoID's `properties`) gets a rule for each of its files instead: Cloudflare Pages would join the folder rule's
      // type to that id's formats' (`/properties/jsonld`).
      ...LIVE_FILE_FOLDERS.flatMap((folder) => {
        const own = folderIds.includes(folder) ? liveFiles.filter((file) => file.startsWith(`${folder}/`)) : [`${folder}/${rest}`];
        return own.map((file) => ({ source: `${base}/${file}`, value: LIVE_CONTENT_TYPE }));
      }),
    ],
    cacheControls: [
      ...SEARCH_ENTRY_FILES.map((entry) => ({ source: `${base}/${SEARCH_FOLDER}/${entry}`, value: SHORT_CACHE })),
      ...SEARCH_FOLDER_CACHE.map(([folder, cache]) => ({ source: `${base}/${SEARCH_FOLDER}/${folder}/${rest}`, value: cache })),
    ],
  };
}

// A path no file of the site has: where a path that names no entity is rewritten to, for the host's 404.
const NO_FILE = `${SITE_FOLDER}/no-such-entity`;

// The folders of the live files named by id: `taxonomy/tree/node/`, `explore/api/entity-graph/`.
const LIVE_ID_FOLDERS = [liveTreeNodeFile, liveEntityGraphFile].map((fileOf) => fileOf(''));

/** Ids of 2 to MOST_ID_SEGMENTS segments in a syntax of one placeholder a segment: `:a/:b`, `:a/:b/:c`. */
export function segmentPatterns(placeholder: (at: number) => string): IdPattern[] {
  return Array.from({ length: MOST_ID_SEGMENTS - 1 }, (_, at) => {
    const id = Array.from({ length: at + 2 }, (_, segment) => placeholder(segment)).join('/');
    return { id, idTaken: id };
  });
}
