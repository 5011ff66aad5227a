import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serializeSectioned } from '../cache/sectioned-codec.ts';
import { joinBlocks, splitBlocks } from '../cache/blocks.ts';
import { CACHE_VERSION, readStoredBlocks, readStoredCache, readStoredSearch, type BuildCache, type StoredCache } from '../cache/format.ts';
import { Manifest } from '../changes/manifest-table.ts';
import type { PagedManifest } from '../changes/manifest-pages.ts';
import { DOWNLOADS, MANIFEST_FILE, UPDATING_FILE } from '../route/paths.ts';
import type { PreviousLoad } from '../load/load-ontology.ts';
import { isOthersTemporary, writeAtomically } from './atomic-write.ts';
import { cacheFolder } from './cache-folder.ts';
import { SEARCH_MEMO_FILES, SearchMemoFile } from './search-memo-file.ts';
import { MANIFEST_PAGES, ManifestPages, readPages } from './manifest-page-files.ts';
import { namedCopies, SOURCE_COPIES, SourceCopies } from './source-copies.ts';
import { describeFile, hashOfFile } from './staged-file.ts';
import { contentHash } from '../text/content-hash.ts';
import { previousJsonFile } from './previous-json-file.ts';
import { PreviousOutputFiles } from './previous-output-files.ts';

export { CACHE_VERSION, type BuildCache } from '../cache/format.ts';

/** The previous build in an output folder: its manifest, and its cache when the folder can be updated in place. */
export interface PreviousBuild {
  manifest: Manifest;
  cache?: BuildCache;
  /** The previous build's output files, read where an update asks (whole, or a stretch): only with a cache, which vouches for them. */
  output?: PreviousOutputFiles;
  /** Whether each previous whole-ontology file is as the manifest says, being checked as soon as the cache says it has their memo (an update takes stretches of those that are). */
  downloads?: ReadonlyMap<string, Promise<boolean>>;
}

const CACHE_FILE = `build-cache.v${CACHE_VERSION}`;
const BLOCKS_FILE = `parsed-blocks.v${CACHE_VERSION}`;
// Another version's cache files, which no build reads any more.
const OTHER_VERSION = /^(build-cache|parsed-blocks)\.v\d+$/;

/** The hash the cache names its manifest file by: the file's (see contentHash), as describeFile reads it. */
export function manifestHash(contents: string | Uint8Array): string {
  return contentHash(contents);
}

/** The previous build being read: what loading the ontology again needs settles first. */
export interface PreviousReading {
  /** Its parsed blocks, and where it cut the files it can read back: content that stands whatever output it went with. */
  load: Promise<PreviousLoad | undefined>;
  build: Promise<PreviousBuild | undefined>;
}

/**
 * The previous build's manifest, and its cache if that cache was written for exactly this manifest and no
 * in-place update was cut short since (which leaves its marker file behind). Every file is read at once, in the
 * background, so a build can read the ontology meanwhile; `load` settles once the cache's blocks are read (the copies
 * of the files cut are named, and read a stretch at a time as they are compared), so the ontology is parsed while
 * the search memo and the manifest are read and checked.
 * The manifest is taken from the cache's pages when the cache is the manifest's (manifest.json itself is only
 * hashed, a megabyte at a time), and parsed otherwise.
 * `forUpdate`: false for a build that will not update the output in place (`--full`, bundles), which then reads
 * neither the copies of the files cut nor the previous downloads, and has no `load`.
 */
export function readPreviousBuild(outDir: string, { forUpdate = true }: { forUpdate?: boolean } = {}): PreviousReading {
  const trusted = !existsSync(join(outDir, UPDATING_FILE));
  const cacheFile = (name: string) => (trusted ? readFile(join(cacheFolder(outDir), name)).catch(() => undefined) : undefined);
  const memos = trusted ? SEARCH_MEMO_FILES.readAll(cacheFolder(outDir)) : new Map();
  const manifestPath = join(outDir, MANIFEST_FILE);
  // Read a megabyte at a time to be hashed: an update copies its stretches rather than reading its 12 MB whole.
  const manifestFile = describeFile(manifestPath);
  const decoding = Promise.all([cacheFile(CACHE_FILE), cacheFile(BLOCKS_FILE)]).then(([cacheBytes, blocksBytes]) => {
    const decoded = cacheBytes && blocksBytes && decodeCache(cacheBytes, blocksBytes);
    // Named, not read: a cut file is compared with its copy a stretch at a time (see recutSource).
    const sourceBytes = decoded && forUpdate ? namedCopies(cacheFolder(outDir), decoded.copies) : undefined;
    return decoded && { ...decoded, sourceBytes: sourceBytes ?? [], cuts: sourceBytes ? decoded.cuts : [] };
  });
  // The manifest's pages are read as soon as the cache file names them, beside the memo and the manifest's hashing.
  const pages = decoding.then((decoded) => decoded && readPages(cacheFolder(outDir), decoded.columns.pages));
  pages.catch(() => {});
  const build = (async (): Promise<PreviousBuild | undefined> => {
    const file = await manifestFile;
    if (file === undefined) return undefined;
    const decoded = await decoding;
    // Without its search memo, a cache still serves an update: the search index is then made whole.
    const searchBytes = decoded?.searchFile === undefined ? undefined : await memos.get(decoded.searchFile);
    const cache = decoded && { ...decoded, search: searchBytes && readStoredSearch(searchBytes) };
    const matching = cache && cache.manifest === file.hash ? cache : undefined;
    const texts = matching && (await pages);
    // The file is the one the pages were written with (its hash says so): its text is theirs.
    const unpacked = matching && texts && Manifest.fromPages(matching.columns, texts)?.withJson(previousJsonFile(manifestPath, file));
    if (matching && unpacked) {
      // An update takes stretches of them by position: only from a file that is the one the manifest hashed.
      const downloads = forUpdate && matching.downloads && new Map(DOWNLOADS.map(({ path }) => [path, hashesAs(join(outDir, path), unpacked.fileHash(path))]));
      return { manifest: unpacked, cache: matching, output: new PreviousOutputFiles(outDir), ...(downloads ? { downloads } : {}) };
    }
    const text = await readFile(manifestPath, 'utf8').catch(() => undefined);
    const manifest = text === undefined ? undefined : Manifest.parse(text);
    return manifest && { manifest };
  })();
  return { load: forUpdate ? decoding.then((decoded) => decoded && previousLoad(decoded)) : Promise.resolve(undefined), build };
}

async function hashesAs(path: string, hash: string | undefined): Promise<boolean> {
  return hash !== undefined && (await hashOfFile(path)) === hash;
}

function decodeCache(
  bytes: Buffer,
  blocksBytes: Buffer,
): (Omit<BuildCache, 'search' | 'columns'> & { columns: PagedManifest; copies: string[]; searchFile?: string }) | undefined {
  const stored = readStoredCache(bytes);
  const blocks = stored && readStoredBlocks(blocksBytes);
  const joined = stored && blocks && joinBlocks(blocks, stored.parsed);
  return joined && { ...(stored as StoredCache), parsed: joined.parsed, blocksOrigin: joined.origin };
}

/** What the previous build leaves for reading the ontology again: its parsed blocks, and where it cut the files it could read back. */
export function previousLoad(cache: Pick<BuildCache, 'cuts' | 'sourceBytes' | 'blockKeys' | 'parsed'>): PreviousLoad {
  const cuts = cache.cuts.flatMap((cut, at) => {
    const bytes = cache.sourceBytes?.[at];
    return bytes ? [{ ...cut, bytes, keys: cache.blockKeys.slice(cut.first, cut.first + cut.starts.length) }] : [];
  });
  return { parsed: cache.parsed, cuts };
}

/**
 * Written whole under temporary names and renamed, so a reader never sees half a cache: the blocks file
 * first, when a new one is needed (an update that continues the previous build's string table adds to the
 * one `previous` was read from instead), the copies of the files cut and the search memo's file (`copied` and
 * `searchWritten`: begun already), then the cache file naming them. Serialised at once; the files are written in
 * the background (the returned promise settles when they are in place).
 */
export function writeBuildCache(
  outDir: string,
  cache: BuildCache,
  previous?: BuildCache,
  { copied, searchWritten }: { copied?: SourceCopies; searchWritten?: SearchMemoFile } = {},
): Promise<void> {
  const folder = cacheFolder(outDir);
  mkdirSync(folder, { recursive: true });
  // Adding to the blocks file instead of writing it again: 190 ms instead of 330 ms per update at full scale (measured).
  const { file, delta } = splitBlocks(cache.parsed, previous && { parsed: previous.parsed, origin: previous.blocksOrigin });
  const { parsed, blocksOrigin, sourceBytes = [], search, columns, manifest, ...kept } = cache;
  const copies = copied ?? new SourceCopies(folder, sourceBytes);
  const memo = searchWritten ?? (search && new SearchMemoFile(folder, search));
  const pages = new ManifestPages(folder, columns.pages);
  const stored: Omit<StoredCache, 'manifest'> = {
    ...kept,
    columns: { ...columns, pages: pages.named },
    parsed: delta,
    copies: copies.names,
    ...(memo ? { searchFile: memo.name } : {}),
  };
  // Another version's files, and what a build that was killed (its pipe closed, say) left half-written.
  for (const name of readdirSync(folder))
    if ((OTHER_VERSION.test(name) && name !== CACHE_FILE && name !== BLOCKS_FILE) || isOthersTemporary(name)) rmSync(join(folder, name), { force: true });
  const blocksBytes = file && serializeSectioned(file);
  // The files the cache file names first, then the cache file; then what no cache file names any more.
  const written = Promise.all([blocksBytes && writeAtomically(join(folder, BLOCKS_FILE), blocksBytes), copies.written, memo?.written, pages.written]);
  return (
    written
      // Serialised once the manifest file's hash is known (a staged manifest's settles when it is written).
      .then(async () => writeAtomically(join(folder, CACHE_FILE), serializeSectioned({ ...stored, manifest: await manifest } satisfies StoredCache)))
      .then(() => {
        SOURCE_COPIES.removeOthers(folder, copies.names);
        SEARCH_MEMO_FILES.removeOthers(folder, memo ? [memo.name] : []);
        MANIFEST_PAGES.removeOthers(
          folder,
          pages.named.map((page) => page.name),
        );
      })
  );
}
