// The one place that decides where each entity's formats live on disk and at which URL they answer.
import { fnv1a } from '../text/fnv1a.ts';

export type Format = 'json' | 'jsonld' | 'xml' | 'markdown';

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
  { format: 'markdown', urlSuffix: '/markdown', contentType: 'text/markdown; charset=utf-8', extension: '.md' },
];

/** Folder of the non-JSON formats; hosts rewrite `/{id}/{format}` into it. No FOLIO id starts with "_". */
export const FORMATS_FOLDER = '_api';
const FORMATS_PREFIX = `${FORMATS_FOLDER}/`;
const UNDERSCORE = 0x5f;
const DOT = 0x2e;

/** With bundled entities (Cloudflare's file limit): the bundle files the worker serves every format from. */
export const BUNDLES_FOLDER = '_entities';
export const ENTITIES_PER_BUNDLE = 40;

/** Which of `bundles` files holds an entity: FNV-1a over its id. The Cloudflare worker inlines this function and fnv1a. */
export function bundleOf(id: string, bundles: number): number {
  return fnv1a(id) % bundles;
}
export const NOT_FOUND_FILE = '404.html';
/** Folder of the concept pages the Astro site renders; hosts rewrite `/{id}/html` into it. */
export const PAGES_FOLDER = 'html';
const PAGE_FILE = new RegExp(`^${PAGES_FOLDER}/([^/]+)/index\\.html$`);
export const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';
/** Folder of the interactive documentation (Swagger UI) and the OpenAPI description beside the site root. */
export const DOCS_FOLDER = 'docs';
/** A content hash per output file and per entity, read back by the next build to tell what changed. */
export const MANIFEST_FILE = '_build/manifest.json';
/** Present while a build updates the output in place; a later build that finds it rebuilds in full. */
export const UPDATING_FILE = '_build/updating';
/** The ids added, removed and changed since the previous build. */
export const CHANGES_FILE = 'changes.json';
export const OPENAPI_FILE = 'openapi.json';
/** Folder of the taxonomy tree's lazily loaded children lists. */
export const TREE_FOLDER = 'tree';

/** Folder of the prefix-search index and its client. */
export const SEARCH_FOLDER = 'search';
/** The search client module, served beside the index it reads. */
export const SEARCH_CLIENT_FILE = `${SEARCH_FOLDER}/client.js`;

/**
 * Top-level names the build itself writes without an extension (folders, and the site's pages): an entity
 * id may not take one, in any letter case. Ids with a dot or a leading "_" are refused apart (see checkIds).
 */
export const RESERVED_IDS: readonly string[] = [DOCS_FOLDER, PAGES_FOLDER, SEARCH_FOLDER, TREE_FOLDER, 'find', 'not-found', 'site', 'pagefind'];

export function formatSpec(format: Format): FormatSpec {
  const spec = FORMATS.find((candidate) => candidate.format === format);
  if (!spec) throw new Error(`unknown format ${format}`);
  return spec;
}

export class Router {
  /** The deployment's path prefix: "" at a domain root, "/repo" for a GitHub Pages project site. */
  readonly basePath: string;
  readonly origin: string;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
  }

  /**
   * The record is a file named exactly `{id}` at the root, so `/{id}` needs no rewrite; the other formats
   * cannot sit at `{id}/…` beside a file of that name, so they live in the formats folder.
   */
  filePath(id: string, format: Format): string {
    const spec = formatSpec(format);
    return spec.extension === '' ? id : `${FORMATS_FOLDER}/${id}${spec.extension}`;
  }

  /** Path of the public URL, base path included. */
  urlPath(id: string, format: Format): string {
    return `${this.basePath}/${id}${formatSpec(format).urlSuffix}`;
  }

  url(id: string, format: Format): string {
    return `${this.origin}${this.urlPath(id, format)}`;
  }

  bundlePath(bundle: number): string {
    return `${BUNDLES_FOLDER}/${bundle}.json`;
  }

  /** The concept page's public URL path. */
  pageUrlPath(id: string): string {
    return `${this.basePath}/${id}/html`;
  }

  /** Where Astro writes the concept page: `/{id}` is a file, so the page cannot sit under it. */
  pageDirectory(id: string): string {
    return `${PAGES_FOLDER}/${id}/`;
  }

  /** The exact search URL hosts that run code answer: `/search/prefix?query=…&limit=…`. */
  searchUrlPath(): string {
    return `${this.basePath}/${SEARCH_FOLDER}/prefix`;
  }

  /**
   * The inverse of filePath and pageDirectory: which entity's format (or page) a file of the output holds.
   * A top-level file without a dot is a record; site files all have extensions or live in folders.
   */
  fileEntity(path: string): { id: string; format: Format | 'html' } | undefined {
    const id = this.formatFileId(path);
    if (id !== undefined) {
      const spec = FORMATS.find((candidate) => candidate.extension !== '' && path.endsWith(candidate.extension));
      return { id, format: path.includes('/') && spec ? spec.format : 'json' };
    }
    const page = path.match(PAGE_FILE);
    return page && page[1] !== undefined ? { id: page[1], format: 'html' } : undefined;
  }

  /** The id whose record or format file `path` is (see filePath), if it is one. Asked of every file an update keeps: no pattern runs. */
  formatFileId(path: string): string | undefined {
    const end = formatIdEnd(path);
    return end === -1 ? undefined : path.slice(path.startsWith(FORMATS_PREFIX) ? FORMATS_PREFIX.length : 0, end);
  }

  /** Whether `path` is a record or format file (formatFileId without making the id). */
  isFormatFile(path: string): boolean {
    return formatIdEnd(path) !== -1;
  }

  /**
   * The file hosts serve for a URL path of this site (query and fragment dropped), given which files the
   * output holds; undefined when none would be. Entity URLs go through the format and page rewrites, folders
   * to their index.html; the search URL is answered by code every host adapter provides, beside its client.
   */
  servedFile(urlPath: string, has: (path: string) => boolean): string | undefined {
    if (urlPath !== this.basePath && !urlPath.startsWith(`${this.basePath}/`)) return undefined;
    if (urlPath === this.searchUrlPath()) return has(SEARCH_CLIENT_FILE) ? SEARCH_CLIENT_FILE : undefined;
    const entity = this.resolve(urlPath);
    if (entity && has(this.filePath(entity.id, entity.format))) return this.filePath(entity.id, entity.format);
    const page = /^([^/]+)\/html$/.exec(urlPath.slice(this.basePath.length + 1));
    if (page?.[1] && has(`${this.pageDirectory(decodeURIComponent(page[1]))}index.html`)) return `${this.pageDirectory(decodeURIComponent(page[1]))}index.html`;
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath.slice(this.basePath.length + 1));
    } catch {
      return undefined;
    }
    const candidates = relative === '' || relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}/index.html`];
    return candidates.find(has);
  }

  /** Looks a public URL path up: which entity id and format it names, if any. */
  resolve(path: string): { id: string; format: Format } | undefined {
    if (!path.startsWith(`${this.basePath}/`)) return undefined;
    const [id, suffix, ...rest] = path.slice(this.basePath.length + 1).split('/');
    if (!id || rest.length > 0) return undefined;
    const spec = FORMATS.find((candidate) => candidate.urlSuffix === (suffix === undefined ? '' : `/${suffix}`));
    return spec ? { id: decodeURIComponent(id), format: spec.format } : undefined;
  }
}

/** Where the id ends in a record or format file's path, or -1 if the path is neither. */
function formatIdEnd(path: string): number {
  if (path.startsWith(FORMATS_PREFIX)) {
    const dot = path.lastIndexOf('.');
    if (dot === -1 || path.indexOf('/', FORMATS_PREFIX.length) !== -1) return -1;
    const known = FORMATS.some(({ extension }) => extension !== '' && path.length - dot === extension.length && path.endsWith(extension));
    return known ? dot : -1;
  }
  const first = path.charCodeAt(0);
  // A record is a top-level file without a dot; no id starts with "_" or ".".
  return path.length > 0 && first !== UNDERSCORE && first !== DOT && !path.includes('/') && !path.includes('.') ? path.length : -1;
}
