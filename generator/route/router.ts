// The one place that decides where each entity's formats live on disk and at which URL they answer.
import { LAYOUTS, type EntityFile, type EntityLayout } from './layouts.ts';
import { idOfUrlPath } from './id-names.js';
import {
  BUNDLES_FOLDER,
  FORMATS,
  SEARCH_CLIENT_FILE,
  SEARCH_FOLDER,
  SEARCH_KINDS,
  ENTITY_URL_SEGMENTS,
  formatOfSegment,
  formatSpec,
  type Format,
  type FormatSpec,
  type HostName,
  type SearchKind,
} from './paths.ts';

export * from './paths.ts';
export { fileNameOf, idOfFileName, idOfUrlPath } from './id-names.js';
export type { EntityFile } from './layouts.ts';
export { SITE_IDS_OF_ANY_LAYOUT } from './layouts.ts';

export class Router {
  /** The deployment's path prefix: "" at a domain root, "/repo" for a GitHub Pages project site. */
  readonly basePath: string;
  readonly origin: string;
  /** The hosts the files are laid out for. */
  readonly host: HostName;
  readonly #layout: EntityLayout;

  constructor(baseUrl: string, host: HostName = 'rewriting') {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.host = host;
    this.#layout = LAYOUTS[host];
  }

  /** Where an entity's format is written (see layouts.ts). */
  filePath(id: string, format: Format): string {
    return this.#layout.filePath(id, format);
  }

  /** Where an entity's concept page ends up in the output. */
  pageFile(id: string): string {
    return this.#layout.pageFile(id);
  }

  /** Path of the public URL, base path included. */
  urlPath(id: string, format: Format): string {
    return `${this.basePath}/${id}${formatSpec(format).urlSuffix}`;
  }

  url(id: string, format: Format): string {
    return `${this.origin}${this.urlPath(id, format)}`;
  }

  /** The concept page's public URL path. */
  pageUrlPath(id: string): string {
    return `${this.basePath}/${id}/html`;
  }

  /** Path of a link to an entity's format from the site's own pages: one every host of the layout answers. */
  formatLinkPath(id: string, format: Format): string {
    return `${this.basePath}/${this.#layout.formatLink(id, format)}`;
  }

  /** Where hosts that rewrite find the record of an id with a "/" written `id` (their pattern's placeholder, say), if the layout puts it apart. */
  nestedRecordLinkPath(id: string): string | undefined {
    const link = this.#layout.nestedRecordLink?.(id);
    return link === undefined ? undefined : `${this.basePath}/${link}`;
  }

  /** Path of a link to an entity's concept page from the site's own pages. */
  pageLinkPath(id: string): string {
    return `${this.basePath}/${this.#layout.pageLink(id)}`;
  }

  bundlePath(bundle: number): string {
    return `${BUNDLES_FOLDER}/${bundle}.json`;
  }

  /** The exact search URL hosts that run code answer: `/search/prefix?query=…&limit=…`. */
  searchUrlPath(): string {
    return this.searchKindPath('prefix');
  }

  /** The search folder's URL path, with its slash: search URLs are `{this}{kind}`. */
  searchFolderPath(): string {
    return `${this.basePath}/${SEARCH_FOLDER}/`;
  }

  /** The URL of one search (`prefix`, `label`, `definition`: SEARCH_KINDS). */
  searchKindPath(kind: SearchKind): string {
    return `${this.searchFolderPath()}${kind}`;
  }

  /** Every search URL hosts that run code answer, prefix search's first. */
  searchUrlPaths(): string[] {
    return SEARCH_KINDS.map((kind) => this.searchKindPath(kind));
  }

  /** Each search URL's kind, by URL path: what generated handlers route by. */
  searchKindsByPath(): Record<string, SearchKind> {
    return Object.fromEntries(SEARCH_KINDS.map((kind) => [this.searchKindPath(kind), kind]));
  }

  /** Ids whose `/{id}` the site's own files answer in this layout (exact case): published without a record. */
  get siteIds(): ReadonlySet<string> {
    return this.#layout.siteIds;
  }

  /** The formats an entity's files hold: all, but the record where the site's own files take `/{id}`. */
  publishedFormats(id: string): readonly FormatSpec[] {
    return this.#layout.siteIds.has(id) ? FORMATS.filter((spec) => spec.urlSuffix !== '') : FORMATS;
  }

  /** The Astro route that renders one of the site's own pages (SITE_PAGES) at `{folder}/index.html`. */
  sitePageRoute(folder: string): string {
    return this.#layout.sitePageRoute(folder);
  }

  /** Glob of the concept pages in the output, once they are where pageFile says. */
  get pagesGlob(): string {
    return this.#layout.pagesGlob;
  }

  /** Where the concept pages' own "not found" page goes, on hosts that pick one by folder. */
  get pagesNotFoundFile(): string | undefined {
    return this.#layout.pagesNotFoundFile;
  }

  /** The concept page's Astro route (`/_site/pages/[id]` or `/[id]/html`) and the build format that writes it at pageFile. */
  get pageRoute(): { pattern: string; format: 'directory' | 'preserve' } {
    return this.#layout.pageRoute;
  }

  /** A file that answers `/{folder}` (no slash) with 200 where the hosts would redirect to `/{folder}/`, if the layout has one. */
  unslashedFolderFile(folder: string): string | undefined {
    return this.#layout.unslashedFolderFile?.(folder);
  }

  /** The inverse of filePath and pageFile: which entity's format (or page) a file of the output holds. */
  fileEntity(path: string): EntityFile | undefined {
    return this.#layout.fileEntity(path);
  }

  /** The id whose record or format file `path` is (see filePath), if it is one. Asked of every file an update keeps. */
  formatFileId(path: string): string | undefined {
    return this.#layout.formatFileId(path);
  }

  /** Whether `path` is a record or format file (formatFileId without making the id). */
  isFormatFile(path: string): boolean {
    return this.#layout.isFormatFile(path);
  }

  /**
   * The file hosts serve for a URL path of this site (query and fragment dropped), given which files the
   * output holds; undefined when none would be. The search URL is answered by code every host adapter
   * provides (on GitHub Pages the service worker), beside its client; the rest as the layout's hosts do.
   */
  servedFile(urlPath: string, has: (path: string) => boolean): string | undefined {
    if (urlPath !== this.basePath && !urlPath.startsWith(`${this.basePath}/`)) return undefined;
    if (this.searchUrlPaths().includes(urlPath)) return has(SEARCH_CLIENT_FILE) ? SEARCH_CLIENT_FILE : undefined;
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath.slice(this.basePath.length + 1));
    } catch {
      return undefined;
    }
    return this.#layout.servedFile(relative, has);
  }

  /** Looks a concept page's public URL path (`/{id}/html`) up: which entity id it names, if any. */
  resolvePage(path: string): string | undefined {
    const [id, segment] = this.#entitySegments(path) ?? [];
    return segment === 'html' ? id : undefined;
  }

  /** Looks a public URL path up: which entity id and format it names, if any. */
  resolve(path: string): { id: string; format: Format } | undefined {
    const [id, segment] = this.#entitySegments(path) ?? [];
    const spec = id === undefined ? undefined : formatOfSegment(segment);
    return id !== undefined && spec ? { id, format: spec.format } : undefined;
  }

  /**
   * `/{id}` or `/{id}/{segment}` below the base path: the id (as published, whether the URL escaped its characters or
   * not) and the segment. An id may hold "/" (`/a/b` is the id `a/b`), but never ends in a format's segment.
   */
  #entitySegments(path: string): [id: string, segment: string | undefined] | undefined {
    if (!path.startsWith(`${this.basePath}/`)) return undefined;
    const relative = path.slice(this.basePath.length + 1);
    const slash = relative.lastIndexOf('/');
    const segment = slash === -1 ? undefined : relative.slice(slash + 1);
    const named = segment !== undefined && ENTITY_URL_SEGMENTS.has(segment);
    const id = idOfUrlPath(named ? relative.slice(0, slash) : relative);
    return id === undefined || id === '' || id.split('/').includes('') ? undefined : [id, named ? segment : undefined];
  }
}
