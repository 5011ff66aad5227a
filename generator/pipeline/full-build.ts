import { beginManifest, buildManifest, hashFiles } from '../changes/manifest.ts';
import type { OutputFile } from '../emit/emit-api.ts';
import type { EmittedSearch } from '../search/emit-search.ts';
import { bundleEntityFiles } from '../host/cloudflare-bundles.ts';
import type { ParsedBlocks } from '../load/load-ontology.ts';
import { describeSearchIndex } from '../report/describe.ts';
import { liveMemo } from '../live/live-update.ts';
import type { QueryMemo } from '../live/query-corpus.ts';
import type { DownloadsMemo } from '../emit/download-files.ts';
import { startSearchThread } from './search-thread.ts';
import type { PreviousBuild } from '../write/build-cache.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import type { FileSink } from '../write/threaded-writer.ts';
import type { LoadedModel } from './load-model.ts';
import { timed, type Progress } from './progress.ts';
import {
  emitAround,
  emitDownloadFiles,
  emitEntities,
  emitLiveFiles,
  encodeParsed,
  finishBuild,
  indexSearch,
  prepareSearch,
  sortByPath,
  type ApiBuild,
} from './stages.ts';

/** Every file made again, in memory; the caller writes them. */
export async function fullBuild(loaded: LoadedModel, progress: Progress, previous?: PreviousBuild): Promise<ApiBuild> {
  const { model, router, timings } = loaded;
  const { output, search, query, downloads } = await emitInMemory(loaded, progress);
  const manifest = await timed(timings, 'manifest', () => buildManifest(hashFiles(output), model, router, [], previous?.manifest));
  const { changes, changeFiles, cache } = await finishBuild(loaded, manifest, {
    previous,
    search,
    live: { ...liveMemo(model), query },
    downloads,
    layout: router.host,
  });
  return { ...loaded, files: sortByPath([...output, ...changeFiles]), search: search.stats, changes, manifest, cache, warnings: [] };
}

/**
 * Terms from which a full build is streamed (streamedBuild): below, starting its search and write threads costs
 * more than they overlap. Measured on 2 cores: the sample's 58 terms took 1.2 s of CPU in one thread against
 * 1.7 s streamed, 168 FOLIO-shaped terms 2.5 s against 3.3 s, done as soon either way; from about 330 terms the
 * threads finish first (CIDOC CRM's 385: done in 3.0 s against 3.3 s).
 */
export const STREAMED_FROM_TERMS = 200;

/**
 * A full build that hands every file to `sink` as it is made, so writing runs alongside the build: the search
 * index is built on another thread meanwhile, and this one hashes and orders what is written while it waits.
 */
export async function streamedBuild(
  loaded: LoadedModel,
  progress: Progress,
  previous: PreviousBuild | undefined,
  sink: FileSink,
  onSearchMemo?: (memo: SearchMemo) => void,
): Promise<ApiBuild> {
  const { model, router, timings } = loaded;
  const { source, example } = await prepareSearch(loaded);
  const searching = startSearchThread({ source: { ...source, labels: source.labels.all() }, flow: sink.flow.buffer, port: sink.port() });
  // Settled below; if emitting fails first, its failure is the one reported.
  searching.catch(() => {});
  // What loading left behind is garbage now: collected before emitting, the heap grows from the model alone.
  // The build's only full collection: the later ones cost 0.3-0.4 s of a full build and did not lower its peak.
  progress.between?.('model');
  sink.add(await emitEntities(loaded, progress, { handOff: (files) => sink.add(files) }));
  // The manifest's part for the API's files (sorted, their entities hashed) and the next build's parsed
  // blocks are worked out while the search thread finishes.
  const manifestBegun = sink.hashes().then((first) => beginManifest(first, model, router, previous?.manifest));
  // Settled in the manifest stage; a failure of the write thread is reported by its next answer too.
  manifestBegun.catch(() => {});
  // Made while the search thread works (the whole ontology in each format: its triples, not the model).
  const downloads = await emitDownloadFiles(loaded);
  sink.add(downloads.files);
  let parsed: ParsedBlocks | undefined;
  const search = await timed(timings, 'search', () => {
    parsed = encodeParsed(loaded, previous);
    return searching;
  });
  progress.log(`search: ${describeSearchIndex(search.stats)} (built on another thread while emitting; the search stage is the wait after)`);
  onSearchMemo?.(search.memo);
  sink.add([...search.files, ...(await emitAround(loaded, search, example))]);
  // After the search thread is done: made while it works, the two took turns on the cores and the files waited in memory.
  const live = await emitLiveFiles(loaded, undefined, (files) => sink.add(files));
  const hashed = await timed(timings, 'write', () => sink.hashes());
  const manifest = await timed(timings, 'manifest', async () => (await manifestBegun)(hashed));
  const { changes, changeFiles, cache } = await finishBuild(loaded, manifest, {
    previous,
    search,
    live: { ...liveMemo(model), query: live.query },
    downloads: downloads.memo,
    layout: router.host,
    parsed,
  });
  sink.add(changeFiles);
  return { ...loaded, files: [], search: search.stats, changes, manifest, cache, warnings: [] };
}

/** A full build for Cloudflare Pages' file limit: the entities' formats packed into bundles the worker serves. */
export async function bundledBuild(loaded: LoadedModel, progress: Progress, previous?: PreviousBuild): Promise<ApiBuild> {
  const { model, router, timings } = loaded;
  const emitted = await emitInMemory(loaded, progress);
  const { search, formatFiles, query, downloads } = emitted;
  const output = sortByPath(bundleEntityFiles(emitted.output, model, router));
  // Entities are hashed from their own format files, which bundling replaced.
  const manifest = await timed(timings, 'manifest', () => buildManifest(hashFiles(output), model, router, formatFiles, previous?.manifest));
  // The bundles are not laid out as an update would keep them: the next build starts afresh.
  const { changes, changeFiles, cache } = await finishBuild(loaded, manifest, {
    previous: previous && { manifest: previous.manifest },
    search,
    live: { ...liveMemo(model), query },
    downloads,
    layout: 'bundles',
  });
  return { ...loaded, files: sortByPath([...output, ...changeFiles]), search: search.stats, changes, manifest, cache, warnings: [] };
}

/** emit → search → site on this thread: the whole output but the manifest, sorted, and the format files apart. */
async function emitInMemory(
  loaded: LoadedModel,
  progress: Progress,
): Promise<{ output: OutputFile[]; formatFiles: OutputFile[]; search: EmittedSearch; query: QueryMemo; downloads: DownloadsMemo }> {
  const { source, example } = await prepareSearch(loaded);
  progress.between?.('model');
  const formatFiles = await emitEntities(loaded, progress);
  const live = await emitLiveFiles(loaded);
  const downloads = await emitDownloadFiles(loaded);
  const search = await indexSearch(loaded, source, progress);
  const output = sortByPath([...formatFiles, ...live.files, ...downloads.files, ...search.files, ...(await emitAround(loaded, search, example))]);
  return { output, formatFiles, search, query: live.query, downloads: downloads.memo };
}
