import { hashFiles } from '../changes/manifest.ts';
import { joinedDownload, type DownloadFile } from '../emit/download-files.ts';
import { keptTogether, patchManifest, removedIds } from '../changes/patch-manifest.ts';
import type { UpdatePlan } from './plan-update.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import { MANIFEST_FILE, SEARCH_FOLDER } from '../route/router.ts';
import { treeUpdate } from '../site/tree.ts';
import { keptLiveFiles, liveUpdate } from '../live/live-update.ts';
import type { BuildCache, PreviousBuild } from '../write/build-cache.ts';
import type { LoadedModel } from './load-model.ts';
import { timed, type Progress } from './progress.ts';
import { emitAround, emitDownloadParts, emitEntities, emitLiveFiles, finishBuild, indexSearch, prepareSearch, sortByPath, type ApiBuild } from './stages.ts';

/**
 * Takes an update's large files as parts (tens of megabytes, mostly stretches of the previous files: the
 * whole-ontology files, manifest.json) as soon as they are made, to write and hash them aside: the update then
 * leaves them out of its files, and puts the hashes it is given in the manifest (the downloads') or the cache
 * (manifest.json's).
 */
export type PartsTaker = (files: DownloadFile[]) => Promise<[string, string][]>;

/**
 * An edit the previous build's cache covers: only the entities it reaches are emitted again, the index redoes
 * only the nodes and files they change, and the manifest is the previous one patched. `files` holds what was
 * made; the previous output keeps the rest (test/update-equality-*.test.ts hold the result to a full build's).
 */
export async function updateBuild(
  loaded: LoadedModel,
  progress: Progress,
  previous: PreviousBuild & { cache: BuildCache },
  plan: UpdatePlan,
  onSearchMemo?: (memo: SearchMemo) => void,
  onParts?: PartsTaker,
): Promise<ApiBuild> {
  const { model, router, timings } = loaded;
  const memo = previous.cache.search;
  // First, so that the file thread writes them while this one builds the rest. Without a taker (an update in
  // memory), the files are made whole.
  const downloads = await emitDownloadParts(loaded, onParts && previous);
  const taken = onParts?.(downloads.files);
  // Entities the edit does not reach keep their search data: their own triples are as they were.
  const { source, example } = await prepareSearch(loaded, memo && { memo, redo: plan.reached });
  const files = await emitEntities(loaded, progress, { plan });
  // The index keeps the files the previous build wrote that the edit does not reach.
  const search = await indexSearch(loaded, source, progress, memo && { memo, hashOf: previous.manifest.hashesUnder(`${SEARCH_FOLDER}/`) });
  onSearchMemo?.(search.memo);
  const removed = removedIds(previous.manifest, model);
  const tree = await timed(timings, 'site', () => treeUpdate(model, plan.emit, removed));
  const hashesUnder = (prefix: string) => previous.manifest.hashesUnder(prefix);
  const reach = liveUpdate(model, plan.emit, removed, previous.cache.live, hashesUnder, previous.output);
  const live = await emitLiveFiles(loaded, reach.selection);
  const liveKept = keptLiveFiles(model, reach, removed, hashesUnder, live.keptQueryFiles);
  const output = sortByPath([
    ...files,
    ...search.files,
    ...(await emitAround(loaded, search, example, tree.only)),
    ...live.files,
    ...(taken ? [] : downloads.files.map(joinedDownload)),
  ]);
  const hashed = [...hashFiles(output), ...((await taken) ?? [])];
  const manifest = await timed(timings, 'manifest', () =>
    patchManifest(
      previous.manifest,
      { hashed, carried: [search.carried, liveKept.carried], kept: keptTogether(tree.kept, liveKept.kept), redo: plan.emit, removed },
      model,
      router,
    ),
  );
  // manifest.json too, when its stretches can be copied from the previous file rather than its 12 MB read and made.
  const manifestParts = onParts && manifest.toJsonParts();
  const manifestFile = manifestParts && onParts([{ path: MANIFEST_FILE, parts: manifestParts }]).then(([[, hash]]) => hash);
  // Awaited by the cache; if writing it fails, the staged file's own failure is the one the write stage reports.
  manifestFile?.catch(() => {});
  const { changes, changeFiles, cache } = await finishBuild(loaded, manifest, {
    manifestFile,
    previous,
    search,
    live: { ...reach.memo, query: live.query },
    downloads: downloads.memo,
    layout: router.host,
  });
  const update = { entities: plan.emit.size, removed: manifest.removedSince(previous.manifest) };
  return { ...loaded, files: sortByPath([...output, ...changeFiles]), search: search.stats, changes, manifest, cache, update, warnings: [] };
}
