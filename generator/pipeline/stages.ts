// The stages every kind of build runs, in this order: search input → emit → index → site → manifest and cache.
// Each mode (pipeline/*-build.ts) is a straight sequence of them.
import { emitApi, type OutputFile } from '../emit/emit-api.ts';
import { encodeBlocks, type ParsedBlocks } from '../load/load-ontology.ts';
import { CACHE_VERSION, type BuildCache } from '../cache/format.ts';
import { generatorFingerprint } from '../cache/generator-fingerprint.js';
import { manifestHash, type PreviousBuild } from '../write/build-cache.ts';
import { branchesKey, type UpdatePlan } from './plan-update.ts';
import { diffEntities, emitChangeFiles, type Changes, type Manifest } from '../changes/manifest.ts';
import { emitHostFiles } from '../host/host-files.ts';
import { branchesOf } from '../live/branches.ts';
import { LIVE_FILE_FOLDERS } from '../route/paths.ts';
import { LiveGraph } from '../live/live-graph.ts';
import { describeSearchIndex } from '../report/describe.ts';
import type { SearchIndexStats } from '../search/build-search-index.ts';
import { emitSearch, type EmittedSearch } from '../search/emit-search.ts';
import type { PreviousIndex } from '../search/build-search-index.ts';
import { searchSource, type SearchSource, type SourceReuse } from '../search/search-entities.ts';
import { emitSite, searchExample, type SearchExample } from '../site/emit-site.ts';
import { pickExamples } from '../site/openapi.ts';
import { wordExampleQueries } from '../search/word-examples.ts';
import { compareUnits } from '../text/compare-units.ts';
import { emitLive, type LiveSelection } from '../live/emit-live.ts';
import { emitDownloads, joinedDownload, type DownloadFile, type DownloadsMemo } from '../emit/download-files.ts';
import type { QueryMemo } from '../live/query-corpus.ts';
import type { LiveMemo } from '../live/live-update.ts';
import { sourceOf } from '../live/health-view.ts';
import type { LoadedModel } from './load-model.ts';
import { timed, type Progress } from './progress.ts';

export interface ApiBuild extends LoadedModel {
  /** The output, sorted by path: empty when the files went to a sink as they were made. */
  files: OutputFile[];
  search: SearchIndexStats;
  /** Ids added, removed and changed since the previous build, when its manifest was given. */
  changes?: Changes;
  manifest: Manifest;
  /**
   * Set when only the entities the edit reaches were emitted again: `files` then holds those and the index
   * and site files, the previous output keeps the rest, and `removed` lists its files no longer produced.
   */
  update?: { entities: number; removed: string[] };
  /** What the next build reads back. */
  cache: BuildCache;
  /** The build's own warnings (the model's are on the model). */
  warnings: string[];
}

/** What the index is built from, and openapi.json's search example, ranked over it (then the source may go). */
export function prepareSearch(loaded: LoadedModel, reuse?: SourceReuse): Promise<{ source: SearchSource; example: SearchExample }> {
  return timed(loaded.timings, 'search', () => {
    const picked = pickExamples(loaded.model).class.record;
    const source = { ...searchSource(loaded.model, reuse), examples: wordExampleQueries(picked.label ?? picked.iri, picked.definition ?? undefined) };
    return { source, example: searchExample(loaded.model, source) };
  });
}

/**
 * emit: the format files of every entity, or of those an update plan names; `handOff` takes them as they are
 * made (the rest are returned).
 */
export async function emitEntities(
  loaded: LoadedModel,
  progress: Progress,
  options: { plan?: UpdatePlan; handOff?: (files: OutputFile[]) => void } = {},
): Promise<OutputFile[]> {
  const { model, router, timings } = loaded;
  const { plan, handOff } = options;
  const only = plan?.emit;
  const total = only ? only.size : model.entities.length;
  let count = 0;
  const files = await timed(timings, 'emit', () =>
    emitApi(model, router, {
      onEntity: (done) => progress.tick?.('emit', done, total),
      only: only && ((id) => only.has(id)),
      handOff:
        handOff &&
        ((batch) => {
          count += batch.length;
          handOff(batch);
        }),
    }),
  );
  progress.log(
    `emit: ${count + files.length} files${plan ? ` (${plan.emit.size} entities reached by ${plan.changedBlocks} changed block(s); the rest kept)` : ''}`,
  );
  return files;
}

/** The search index built on this thread: whole, or an update of the previous build's. */
export async function indexSearch(loaded: LoadedModel, source: SearchSource, progress: Progress, previous?: PreviousIndex): Promise<EmittedSearch> {
  const search = await timed(loaded.timings, 'search', () => emitSearch(source, previous));
  progress.log(`search: ${describeSearchIndex(search.stats)}`);
  return search;
}

/** The files around the API: each host's configuration, openapi.json, /docs and the tree's data. */
export function emitAround(loaded: LoadedModel, search: EmittedSearch, example: SearchExample, treeOnly?: ReadonlySet<string>): Promise<OutputFile[]> {
  return timed(loaded.timings, 'site', () => [
    ...emitHostFiles(loaded.router, search.memo.fold, {
      negotiate: loaded.negotiate,
      paths: {
        nestedIds: loaded.model.entities.flatMap((entity) => (entity.id.includes('/') ? [entity.id] : [])),
        folderIds: LIVE_FILE_FOLDERS.filter((folder) => loaded.model.entityById(folder) !== undefined),
        branchSegments: branchesOf(LiveGraph.of(loaded.model)).map(({ segment }) => segment),
      },
    }),
    ...emitSite(loaded.model, loaded.router, {
      search: example,
      source: sourceOf(loaded.sources),
      wordExamples: search.examples,
      searchFiles: search.files,
      treeOnly,
    }),
  ]);
}

/** The whole ontology in each RDF format (see emitDownloads), as a full build writes them. */
export async function emitDownloadFiles(loaded: LoadedModel): Promise<{ files: OutputFile[]; memo: DownloadsMemo }> {
  const { files, memo } = await emitDownloadParts(loaded);
  return { files: files.map(joinedDownload), memo };
}

/**
 * The same as parts, for an update that writes them itself (see PartsTaker): of the previous files that are
 * as written, only the changed blocks' members are made, the rest are stretches of them.
 */
export function emitDownloadParts(loaded: LoadedModel, previous?: PreviousBuild): Promise<{ files: DownloadFile[]; memo: DownloadsMemo }> {
  return timed(loaded.timings, 'downloads', async () => {
    const memo = previous?.cache?.downloads;
    const vouched = previous?.downloads;
    if (memo === undefined || vouched === undefined) return emitDownloads(loaded.blocks, loaded.model.baseIri);
    const usable = new Map(await Promise.all([...vouched].map(async ([path, intact]) => [path, await intact] as const)));
    return emitDownloads(loaded.blocks, loaded.model.baseIri, { memo, usable: (path) => usable.get(path) === true });
  });
}

/** The live service's query-free read URLs as files (those `only` selects, updating); `handOff` takes them as they are made. */
export function emitLiveFiles(
  loaded: LoadedModel,
  only?: LiveSelection,
  handOff?: (files: OutputFile[]) => void,
): Promise<{ files: OutputFile[]; query: QueryMemo; keptQueryFiles: string[] }> {
  return timed(loaded.timings, 'live', () => emitLive(loaded.model, sourceOf(loaded.sources), only, handOff));
}

export function sortByPath(files: OutputFile[]): OutputFile[] {
  return files.sort((a, b) => compareUnits(a.path, b.path));
}

/** What every build ends with: the changes since the previous build, their files, and the cache for the next. */
export async function finishBuild(
  loaded: LoadedModel,
  manifest: Manifest,
  {
    previous,
    search,
    live,
    downloads,
    layout,
    parsed,
    manifestFile,
  }: {
    previous?: PreviousBuild;
    /** manifest.json's hash, when it is written aside (see PartsTaker): it is then left out of the files, and the cache waits for it. */
    manifestFile?: Promise<string>;
    search: EmittedSearch;
    /** What the next build keeps of the live files (see live-update.ts). */
    live: LiveMemo;
    /** Where the downloads' blocks lie (see emitDownloads). */
    downloads: DownloadsMemo;
    layout: BuildCache['layout'];
    /** Worked out already (a streamed build does it while it waits); otherwise here. */
    parsed?: ParsedBlocks;
  },
): Promise<{ changes?: Changes; changeFiles: OutputFile[]; cache: BuildCache }> {
  const changes = await timed(loaded.timings, 'manifest', () => diffEntities(previous?.manifest, manifest));
  const changeFiles = emitChangeFiles(manifest, changes, { withManifest: manifestFile === undefined });
  const cache = await timed(
    loaded.timings,
    'cache',
    (): BuildCache => ({
      version: CACHE_VERSION,
      generator: generatorFingerprint(),
      // The manifest file's hash as written: of the bytes made once and kept by the manifest, or (once it has written
      // them) by the writer that stages it, which the rest of the update does not wait for.
      manifest: manifestFile ?? manifestHash(manifest.toJsonBytes()),
      columns: manifest.paged(),
      layout,
      baseIri: loaded.model.baseIri,
      branches: branchesKey(loaded.model),
      blockKeys: loaded.blocks.map((block) => block.key),
      cuts: loaded.cuts.map(({ cut }) => cut),
      sourceBytes: loaded.cuts.map(({ bytes }) => bytes),
      parsed: parsed ?? encodeParsed(loaded, previous),
      search: search.memo,
      live,
      downloads,
    }),
  );
  return { changes, changeFiles, cache };
}

/** The parsed blocks as the cache keeps them, continuing the previous cache's string table where it can. */
export function encodeParsed(loaded: LoadedModel, previous?: PreviousBuild): ParsedBlocks {
  return encodeBlocks(loaded.blocks, previous?.cache?.parsed);
}
