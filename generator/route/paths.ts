// The names the build's output is made of: formats, folders and fixed files. Where an entity's files go is the
// layouts' decision (layouts.ts), made through the Router.
import { fileNameOf } from './id-names.js';

export type Format = 'json' | 'jsonld' | 'xml' | 'ttl' | 'nt' | 'markdown';

export interface FormatSpec {
  format: Format;
  /** What follows `/{id}` in the public URL. */
  urlSuffix: string;
  contentType: string;
  /** Extension of the file that holds this format in the formats folder; the record has none. */
  extension: string;
}

export const FORMATS: readonly FormatSpec[] = [
  { format: 'json', urlSuffix: '', contentType: 'application/json', extension: '' },
  { format: 'jsonld', urlSuffix: '/jsonld', contentType: 'application/ld+json', extension: '.jsonld' },
  { format: 'xml', urlSuffix: '/xml', contentType: 'application/rdf+xml', extension: '.xml' },
  { format: 'ttl', urlSuffix: '/ttl', contentType: 'text/turtle; charset=utf-8', extension: '.ttl' },
  { format: 'nt', urlSuffix: '/nt', contentType: 'application/n-triples', extension: '.nt' },
  { format: 'markdown', urlSuffix: '/markdown', contentType: 'text/markdown; charset=utf-8', extension: '.md' },
];

/** The hosts a build can lay its files out for: ones that rewrite URLs (or run code), or GitHub Pages, which serves files only. */
export const HOSTS = ['rewriting', 'github-pages'] as const;
export type HostName = (typeof HOSTS)[number];

export function isHostName(value: unknown): value is HostName {
  return HOSTS.includes(value as HostName);
}

/** Folder of the non-JSON formats; hosts rewrite `/{id}/{format}` into it. No id takes its name (SITE_OWN_NAMES). */
export const FORMATS_FOLDER = '_api';

/** With bundled entities (Cloudflare's file limit): the bundle files the worker serves every format from. */
export const BUNDLES_FOLDER = '_entities';
export const ENTITIES_PER_BUNDLE = 40;

export { bundleOf } from './bundle-of.js';
export const NOT_FOUND_FILE = '404.html';
/** The site's home page; on GitHub Pages `/index` would also be answered from it. */
export const HOME_FILE = 'index.html';
/**
 * Folder of everything the site owns besides the seed's own paths (`/docs`, `/openapi.json`, `/search/…`): no
 * id takes its name (SITE_OWN_NAMES).
 */
export const SITE_FOLDER = '_site';
/** Folder of the concept pages, where hosts rewrite `/{id}/html` to (not in GitHub Pages' layout). */
export const PAGES_FOLDER = `${SITE_FOLDER}/pages`;
/** The site's own pages (tree, full-text search, the pages' "not found"), each a folder with its index page. */
export const SITE_PAGES = { tree: `${SITE_FOLDER}/tree`, find: `${SITE_FOLDER}/find`, notFound: `${SITE_FOLDER}/not-found` } as const;
/** The scripts and style sheet the site's pages load (copied from public/). */
export const ASSETS_FOLDER = `${SITE_FOLDER}/assets`;
/** Pagefind's full-text index of the concept pages. */
export const FULL_TEXT_FOLDER = `${SITE_FOLDER}/pagefind`;
export const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';
/** Folder of the interactive documentation (Swagger UI) and the OpenAPI description beside the site root. */
export const DOCS_FOLDER = 'docs';
/** A content hash per output file and per entity, read back by the next build to tell what changed. */
export const MANIFEST_FILE = '_build/manifest.json';
/** Present while a build updates the output in place; a later build that finds it rebuilds in full. */
export const UPDATING_FILE = '_build/updating';
/** Which host the output is laid out for, read back by `deploy s3`. */
export const HOST_FILE = '_build/host.json';
/** The whole ontology, every source merged, gzipped, in each RDF format: files at fixed URLs under the site's folder. */
export const DOWNLOADS_FOLDER = `${SITE_FOLDER}/downloads`;
export const DOWNLOAD_CONTENT_TYPE = 'application/gzip';
export const DOWNLOADS = [
  { format: 'nt', name: 'N-Triples', path: `${DOWNLOADS_FOLDER}/ontology.nt.gz`, contentType: DOWNLOAD_CONTENT_TYPE },
  { format: 'ttl', name: 'Turtle', path: `${DOWNLOADS_FOLDER}/ontology.ttl.gz`, contentType: DOWNLOAD_CONTENT_TYPE },
  { format: 'xml', name: 'RDF/XML', path: `${DOWNLOADS_FOLDER}/ontology.rdf.gz`, contentType: DOWNLOAD_CONTENT_TYPE },
  { format: 'jsonld', name: 'JSON-LD (expanded)', path: `${DOWNLOADS_FOLDER}/ontology.jsonld.gz`, contentType: DOWNLOAD_CONTENT_TYPE },
] as const satisfies readonly { format: Format; name: string; path: string; contentType: string }[];
export type DownloadFormat = (typeof DOWNLOADS)[number]['format'];

/** The ids added, removed and changed since the previous build. */
export const CHANGES_FILE = 'changes.json';
export const OPENAPI_FILE = 'openapi.json';
/** Folder of the taxonomy tree's lazily loaded children lists, beside the tree page. */
export const TREE_FOLDER = SITE_PAGES.tree;
/** The tree's top list: no id takes its name (SITE_OWN_NAMES); the folder's index.html is the tree page. */
export const TREE_ROOT_FILE = `${TREE_FOLDER}/_top.json`;

/** The search URLs, `/search/{kind}`: prefix search, and the live service's label and definition search. */
export const SEARCH_KINDS = ['prefix', 'label', 'definition'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Folder of the prefix-search index and its client. */
export const SEARCH_FOLDER = 'search';
/** The search client module, served beside the index it reads. */
export const SEARCH_CLIENT_FILE = `${SEARCH_FOLDER}/client.js`;
/** The search core's text functions alone (normalisation, where a query matched a label), for the site's search box. */
export const SEARCH_TEXT_FILE = `${SEARCH_FOLDER}/text.js`;

/**
 * The live service's read URLs that take no query string, written as files at exactly their paths (below the base
 * path), so that every host answers them (see generator/live).
 */
export const LIVE_FILES = {
  health: 'info/health',
  branches: 'taxonomy/branches',
  treeRoots: 'taxonomy/tree/data',
  properties: 'properties/all',
} as const;

/** `/taxonomy/{segment}`: a branch's walk at the default depth. */
export function liveBranchFile(segment: string): string {
  return `taxonomy/${segment}`;
}

/** `/taxonomy/tree/node/{id}`: a class's details. */
export function liveTreeNodeFile(id: string): string {
  return `taxonomy/tree/node/${fileNameOf(id)}`;
}

/** `/explore/api/entity-graph/{id}`: an entity's graph at the default mode. */
export function liveEntityGraphFile(id: string): string {
  return `explore/api/entity-graph/${fileNameOf(id)}`;
}

/**
 * Whether an entity has the live files named by its id (tree node, entity graph): not one whose id holds a "/", whose
 * file (`…/node/Astronaut/timeInSpace`) would need a folder where another id's file may be (`…/node/Astronaut`).
 */
export function hasLiveIdFiles(id: string): boolean {
  return !id.includes('/');
}

/** What hosts that run code read to answer the live URLs with a query string (no URL of the API's). */
export const LIVE_DATA = {
  /** The base IRI ids are taken after, and every connection with the labels it shows and the one it is found by. */
  entry: '_live/index.json',
} as const;

/** A branch's whole walk, each class with its depth: what `/taxonomy/{segment}?max_depth=` is cut from. */
export function liveWalkFile(segment: string): string {
  return `_live/walks/${segment}.json`;
}

/** An entity's children in brief: what `/taxonomy/tree/data?node_id=` and the entity graph's `mode=children` list. */
export function liveChildrenFile(id: string): string {
  return `_live/children/${fileNameOf(id)}.json`;
}

/** The live URLs a query string changes, as host routes (below the base path; `*`: the rest of the path): what hosts send to their code. */
export const LIVE_QUERY_PATHS: readonly string[] = ['/connections', '/taxonomy/*', '/explore/api/entity-graph/*', '/search/query', '/search/query_properties'];

/** An entity's live files, in the order a bundle entry holds them after its formats (the Cloudflare worker reads them by place). */
export const LIVE_ENTITY_FILES: readonly ((id: string) => string)[] = [liveTreeNodeFile, liveEntityGraphFile, liveChildrenFile];

/** The first segments of the live service's read URLs; `connections` is answered by code, on hosts that run it. */
export const LIVE_FOLDERS: readonly string[] = ['info', 'taxonomy', 'properties', 'explore', 'connections'];

/** The folders the live files are written in (`connections` has none). */
export const LIVE_FILE_FOLDERS: readonly string[] = LIVE_FOLDERS.filter((folder) => folder !== 'connections');

/** The live files' Content-Type: every one is JSON, without an extension to say so. */
export const LIVE_CONTENT_TYPE = 'application/json';

/** Whether an output file is one of the live service's read URLs (see LIVE_FILES). */
export function isLiveFile(path: string): boolean {
  return LIVE_FILE_FOLDERS.includes(path.slice(0, path.indexOf('/')));
}

/** The URL segments that follow `/{id}` to name one of its formats or its page: `jsonld`, …, `html`. */
export const ENTITY_URL_SEGMENTS: ReadonlySet<string> = new Set([
  ...FORMATS.flatMap((spec) => (spec.urlSuffix === '' ? [] : [spec.urlSuffix.slice(1)])),
  'html',
]);

/**
 * The most "/"-separated segments an id has (DBpedia's `Astronaut/timeInSpace` has two): the hosts' rewrite rules
 * are written for each number of them (host/path-rules.ts). No segment but the first is one of ENTITY_URL_SEGMENTS.
 */
export const MOST_ID_SEGMENTS = 3;

/**
 * What is wrong with the "/"-separated segments of an id that has more than one, as far as their number and names
 * go: the one rule that checkIds publishes by and the layouts read files back by.
 */
export function idSegmentsProblem(segments: readonly string[]): string | undefined {
  if (segments.includes('')) return 'has an empty segment (a "/" at its start or end, or "//")';
  if (segments.length > MOST_ID_SEGMENTS) return `has ${segments.length} "/"-separated segments (at most ${MOST_ID_SEGMENTS})`;
  const [first] = segments;
  if (SITE_OWN_NAMES.has(first) || SITE_PATH_IDS.includes(first)) return `starts with "${first}/", below which the site's own URLs are`;
  const format = segments.slice(1).find((segment) => ENTITY_URL_SEGMENTS.has(segment));
  if (format !== undefined) return `has the segment "${format}" after a "/", where a URL names a format or page of the id before it`;
  return undefined;
}

/** Segments a branch's URL cannot take: the taxonomy's other URLs, and the formats' (a Pages folder holds those). */
export const RESERVED_BRANCH_SEGMENTS: readonly string[] = ['branches', 'tree', ...ENTITY_URL_SEGMENTS];

/**
 * Ids whose `/{id}` the seed's own paths answer on every host: such an entity is published without its record
 * file (its other formats and page are its own). Ids with a dot, and the names below, are refused apart (see checkIds).
 */
export const SITE_PATH_IDS: readonly string[] = [DOCS_FOLDER, SEARCH_FOLDER, ...LIVE_FOLDERS];

/**
 * The names starting with "_" that the site's own files take, which no id can: the folders and files at the top
 * of the output (the formats', the bundles', the site's, the build's, the live URLs' data, each host's, Astro's
 * assets) and the tree's top list, which lies beside the tree files named by id. Every other name an id may take,
 * "_" first or not (EXIF's `_unknown`). test/id-characters.test.ts holds a build's top-level names to this list.
 */
export const SITE_OWN_NAMES: ReadonlySet<string> = new Set([
  FORMATS_FOLDER,
  BUNDLES_FOLDER,
  SITE_FOLDER,
  MANIFEST_FILE.split('/')[0],
  LIVE_DATA.entry.split('/')[0],
  '_nginx',
  '_netlify',
  '_cloudfront',
  '_astro',
  '_headers',
  '_redirects',
  TREE_ROOT_FILE.slice(TREE_FOLDER.length + 1, -'.json'.length),
]);

/** The format whose URL ends `/{id}` + `/{segment}` (the record's: no segment), if any. */
export function formatOfSegment(segment: string | undefined): FormatSpec | undefined {
  const suffix = segment === undefined ? '' : `/${segment}`;
  return FORMATS.find((candidate) => candidate.urlSuffix === suffix);
}

export function formatSpec(format: Format): FormatSpec {
  const spec = FORMATS.find((candidate) => candidate.format === format);
  if (!spec) throw new Error(`unknown format ${format}`);
  return spec;
}

/** A Content-Type's media type, without its parameters: `text/turtle; charset=utf-8` → `text/turtle`. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** The formats' media types in the format table's order, the record's first: what `/{id}` is negotiated among. */
export const NEGOTIATED_TYPES: readonly string[] = FORMATS.map((spec) => mediaTypeOf(spec.contentType));
