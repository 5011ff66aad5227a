// Where each entity's files go, for each kind of host. A URL cannot be both a file and a folder, so `/{id}` and
// `/{id}/jsonld` need either a host that rewrites URLs, or GitHub Pages' habit of serving `/x` from `x.html`.
import {
  ENTITY_URL_SEGMENTS,
  FORMATS,
  idSegmentsProblem,
  FORMATS_FOLDER,
  HOME_FILE,
  NOT_FOUND_FILE,
  PAGES_FOLDER,
  SITE_OWN_NAMES,
  SITE_PATH_IDS,
  formatOfSegment,
  formatSpec,
  type Format,
  type HostName,
} from './paths.ts';
import { fileNameOf, idOfFileName } from './id-names.js';

/** What an output file holds of an entity: one of its formats, or its concept page. */
export interface EntityFile {
  id: string;
  format: Format | 'html';
}

/** One way of laying the entities' files out, and how the hosts it is for find them. */
export interface EntityLayout {
  readonly host: HostName;
  /** Ids whose `/{id}` the site's own files answer: their entities are published without a record file. */
  readonly siteIds: ReadonlySet<string>;
  /** Glob of the concept pages in the output, for the full-text index. */
  readonly pagesGlob: string;
  /** Where the concept pages' own "not found" page goes, on hosts that pick one by folder. */
  readonly pagesNotFoundFile?: string;
  /** The concept page's Astro route, and how Astro names its files, so that it renders the page at pageFile. */
  readonly pageRoute: { pattern: string; format: 'directory' | 'preserve' };
  /** The Astro route that renders one of the site's own pages (SITE_PAGES) as `{folder}/index.html`. */
  sitePageRoute(folder: string): string;
  /** A file that answers a folder's URL without its slash and without a redirect, where the hosts would redirect. */
  unslashedFolderFile?(folder: string): string;
  filePath(id: string, format: Format): string;
  pageFile(id: string): string;
  /** Below the base path: what the site's links to a format use, so they work on every host of the layout. */
  formatLink(id: string, format: Format): string;
  /** Where the hosts that rewrite find the record of an id with a "/" written `id` (a host's pattern may stand for one). */
  nestedRecordLink?(id: string): string;
  pageLink(id: string): string;
  /** The id whose record or format file `path` is, if it is one. Asked of every file an update keeps. */
  formatFileId(path: string): string | undefined;
  isFormatFile(path: string): boolean;
  fileEntity(path: string): EntityFile | undefined;
  /** The file the layout's hosts serve for a URL path below the base (decoded, no leading "/"), if any. */
  servedFile(relative: string, has: (path: string) => boolean): string | undefined;
}

const FORMATS_PREFIX = `${FORMATS_FOLDER}/`;
const RENDERED_PAGE = new RegExp(`^${PAGES_FOLDER}/([^.]+)/index\\.html$`);
// The extension of a record in the formats folder: the record of an id with a "/" (see rewritingFile).
const NESTED_RECORD = '.json';

/**
 * For hosts that rewrite (Cloudflare Pages, Netlify, nginx, Vercel) or store flat keys (S3): the record is a
 * file named exactly `{id}`, the other formats live in the formats folder, the page in `_site/pages/{id}/`. An id
 * with a "/" (`a/b`) has its record in the formats folder too, as `a/b.json`: the file `a` may be a's record.
 */
export const REWRITING_LAYOUT: EntityLayout = {
  host: 'rewriting',
  siteIds: new Set(SITE_PATH_IDS),
  pagesGlob: `${PAGES_FOLDER}/**/index.html`,
  pagesNotFoundFile: `${PAGES_FOLDER}/${NOT_FOUND_FILE}`,
  pageRoute: { pattern: `/${PAGES_FOLDER}/[...id]`, format: 'directory' },
  sitePageRoute: (folder) => `/${folder}`,
  filePath: (id, format) => rewritingFile(fileNameOf(id), format),
  pageFile: (id) => `${PAGES_FOLDER}/${fileNameOf(id)}/${HOME_FILE}`,
  // The files themselves, at the URL that names them: they answer on a plain static server too, where no rewrite runs.
  formatLink: (id, format) => rewritingFile(id, format),
  nestedRecordLink: nestedRecordFile,
  pageLink: (id) => `${PAGES_FOLDER}/${id}/`,
  formatFileId(path) {
    const end = rewritingIdEnd(path);
    return end === -1 ? undefined : idOfFileName(path.slice(path.startsWith(FORMATS_PREFIX) ? FORMATS_PREFIX.length : 0, end));
  },
  isFormatFile: (path) => rewritingIdEnd(path) !== -1,
  fileEntity(path) {
    const id = this.formatFileId(path);
    if (id !== undefined) {
      const spec = FORMATS.find((candidate) => candidate.extension !== '' && path.endsWith(candidate.extension));
      return { id, format: path.includes('/') && spec ? spec.format : 'json' };
    }
    const page = RENDERED_PAGE.exec(path);
    return page?.[1] === undefined ? undefined : plainPathEntity(page[1], 'html');
  },
  servedFile(relative, has) {
    const asked = urlEntity(relative);
    if (asked !== undefined) {
      const rewritten = asked.format === 'html' ? this.pageFile(asked.id) : this.filePath(asked.id, asked.format);
      if (has(rewritten)) return rewritten;
    }
    const candidates = relative === '' || relative.endsWith('/') ? [`${relative}${HOME_FILE}`] : [relative, `${relative}/${HOME_FILE}`];
    return candidates.find(has);
  },
};

const PAGE_NAME = 'html.html';
const HTML = '.html';
// The folder indexes GitHub Pages serves, in the order it tries them.
const FOLDER_INDEXES = [HOME_FILE, 'index.json', 'index.xml'];
const SITE_HTML_FILES = [HOME_FILE, NOT_FOUND_FILE].map((name) => name.slice(0, -HTML.length));

/**
 * For GitHub Pages, which rewrites nothing but serves `/x` from `x.html`: every seed URL is a file at exactly
 * its path, answered with 200 and no redirect. The record is `{id}.html` (`{id}/` is the formats' folder),
 * the formats `{id}/jsonld`, `{id}/xml`, `{id}/ttl`, `{id}/nt`, `{id}/markdown`, the page `{id}/html.html`.
 */
export const GITHUB_PAGES_LAYOUT: EntityLayout = {
  host: 'github-pages',
  // `index.html` and `404.html` are the site's: `/index` and `/404` answer with them.
  siteIds: new Set([...SITE_PATH_IDS, ...SITE_HTML_FILES]),
  pagesGlob: `*/${PAGE_NAME}`,
  // Astro's "preserve" names a page that is not an index after its route's last segment: `{id}/html.html`.
  pageRoute: { pattern: '/[...id]/html', format: 'preserve' },
  // "preserve" writes a route that is not an index as `{last segment}.html`: an explicit index lands in the folder.
  sitePageRoute: (folder) => `/${folder}/index`,
  unslashedFolderFile: (folder) => `${folder}${HTML}`,
  filePath(id, format) {
    const spec = formatSpec(format);
    return `${fileNameOf(id)}${spec.urlSuffix === '' ? HTML : spec.urlSuffix}`;
  },
  pageFile: (id) => `${fileNameOf(id)}/${PAGE_NAME}`,
  formatLink: (id, format) => `${id}${formatSpec(format).urlSuffix}`,
  pageLink: (id) => `${id}/html`,
  formatFileId(path) {
    const entity = this.fileEntity(path);
    return entity?.format === 'html' ? undefined : entity?.id;
  },
  isFormatFile(path) {
    return this.formatFileId(path) !== undefined;
  },
  fileEntity(path) {
    if (path.endsWith(`/${PAGE_NAME}`)) return plainPathEntity(path.slice(0, -PAGE_NAME.length - 1), 'html');
    // `{id}.html` is the record (`index.html` and the other site files named like an id are the site's, not records).
    if (path.endsWith(HTML)) return plainPathEntity(path.slice(0, -HTML.length), 'json', this.siteIds);
    // A format's file under `{id}/` is named as its URL's last segment.
    const slash = path.lastIndexOf('/');
    const format = slash === -1 ? undefined : formatOfSegment(path.slice(slash + 1))?.format;
    return format === undefined ? undefined : plainPathEntity(path.slice(0, slash), format);
  },
  servedFile(relative, has) {
    if (relative === '' || relative.endsWith('/')) return FOLDER_INDEXES.map((name) => `${relative}${name}`).find(has);
    // A folder answers after a redirect to its slashed URL, which a link is taken to follow.
    return [relative, `${relative}${HTML}`, ...FOLDER_INDEXES.map((name) => `${relative}/${name}`)].find(has);
  },
};

export const LAYOUTS: Readonly<Record<HostName, EntityLayout>> = { rewriting: REWRITING_LAYOUT, 'github-pages': GITHUB_PAGES_LAYOUT };

/** Ids some layout publishes without a record: what openapi.json avoids as an example, so it reads the same for every host. */
export const SITE_IDS_OF_ANY_LAYOUT: ReadonlySet<string> = new Set(Object.values(LAYOUTS).flatMap((layout) => [...layout.siteIds]));

/** Where the id ends in a record or format file's path of the rewriting layout, or -1 if the path is neither. */
function rewritingIdEnd(path: string): number {
  if (path.startsWith(FORMATS_PREFIX)) {
    const dot = path.lastIndexOf('.');
    const nested = path.indexOf('/', FORMATS_PREFIX.length) !== -1;
    // A name of one segment is read back as it is (see idOfFileName); one of several must be an id's path.
    if (dot === -1 || (nested && !isPlainPath(path.slice(FORMATS_PREFIX.length, dot)))) return -1;
    const extensions = nested ? [...FORMATS.map(({ extension }) => extension), NESTED_RECORD] : FORMATS.map(({ extension }) => extension);
    return extensions.some((extension) => extension !== '' && path.length - dot === extension.length && path.endsWith(extension)) ? dot : -1;
  }
  // A record is a top-level file without a dot, but for the site's own ("_headers").
  return isPlainName(path) ? path.length : -1;
}

/** Where the rewriting layout keeps a format of the entity whose file name (or, for a link, URL) is `name`. */
function rewritingFile(name: string, format: Format): string {
  const spec = formatSpec(format);
  if (spec.extension !== '') return `${FORMATS_PREFIX}${name}${spec.extension}`;
  return name.includes('/') ? nestedRecordFile(name) : name;
}

/** The rewriting layout's record of an id with a "/": in the formats folder, since the file `a` may be a's record. */
function nestedRecordFile(name: string): string {
  return `${FORMATS_PREFIX}${name}${NESTED_RECORD}`;
}

/** Whether the text could be an id's file name: no dot or "/", not one of the site's own names, nor one of `except`. */
function isPlainName(text: string, except?: ReadonlySet<string>): boolean {
  return text.length > 0 && !text.includes('.') && !text.includes('/') && !SITE_OWN_NAMES.has(text) && !except?.has(text);
}

/**
 * Whether the text could be an id's file path: one plain name (see isPlainName), or segments without a dot joined
 * by "/" as checkIds publishes them (idSegmentsProblem: `a/_top` is an id's path, though `_top` alone is a site file).
 */
function isPlainPath(text: string, except?: ReadonlySet<string>): boolean {
  if (!text.includes('/')) return isPlainName(text, except);
  const segments = text.split('/');
  return !text.includes('.') && idSegmentsProblem(segments) === undefined;
}

/** The entity file of the id whose file path the text is, if it could be one (see isPlainPath). */
function plainPathEntity(text: string, format: EntityFile['format'], except?: ReadonlySet<string>): EntityFile | undefined {
  return isPlainPath(text, except) ? { id: idOfFileName(text), format } : undefined;
}

/** Which entity file a URL path below the base (decoded, no leading "/") asks for, if it has an id's shape: `{id}` or `{id}/{segment}`. */
function urlEntity(relative: string): EntityFile | undefined {
  const slash = relative.lastIndexOf('/');
  const segment = relative.slice(slash + 1);
  if (slash !== -1 && ENTITY_URL_SEGMENTS.has(segment)) {
    return plainPathEntity(relative.slice(0, slash), segment === 'html' ? 'html' : (formatOfSegment(segment)?.format ?? 'json'));
  }
  return plainPathEntity(relative, 'json');
}
