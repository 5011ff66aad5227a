// The build's entry: load → model, then one of four straight pipelines (pipeline/): a full build in memory, a
// full build streamed to a writer, an update of the previous build, or a full build packed into bundles.
import { UserError } from './errors.ts';
import { loadModel, type LoadedModel, type ModelOptions } from './pipeline/load-model.ts';
import { SILENT, timed, type Progress } from './pipeline/progress.ts';
import type { ApiBuild } from './pipeline/stages.ts';
import type { PartsTaker } from './pipeline/update-build.ts';
import type { SearchMemo } from './search/search-memo.ts';
import { previousLoad, type PreviousBuild, type PreviousReading } from './write/build-cache.ts';
import type { FileSink } from './write/threaded-writer.ts';

export type { ApiBuild } from './pipeline/stages.ts';
export { loadModel, type LoadedModel, type ModelOptions } from './pipeline/load-model.ts';

/**
 * load → model → emit, all in memory; writing is left to the caller. With the previous build's cache, only
 * the entities an edit reaches are emitted again (unless `options.full`; never for bundles, whose files mix forty
 * entities). `openSink`, when the whole API is emitted (not an update, not bundles) and the ontology has at least
 * STREAMED_FROM_TERMS terms: files go to the sink it opens as they are made, so writing runs alongside the rest of
 * the build, and `files` is left empty. `onModel` is called with the model before anything is emitted (the site
 * build renders its concept pages there); `onSearchMemo`,
 * by an update or a streamed build, with the search index's memo as soon as it is made (the cache's largest part);
 * `onParts`, by an update, with its large files as parts as soon as they are made (see PartsTaker).
 */
export async function generateApi(
  options: ModelOptions,
  progress: Progress = SILENT,
  reading?: PreviousBuild | PreviousReading,
  openSink?: (previous: PreviousBuild | undefined) => FileSink,
  onModel?: (loaded: LoadedModel) => void,
  onSearchMemo?: (memo: SearchMemo) => void,
  onParts?: PartsTaker,
): Promise<ApiBuild> {
  const { build: pending, load } = reading !== undefined && 'build' in reading ? reading : { build: Promise.resolve(reading), load: undefined };
  const updating = !options.bundleEntities && !options.full;
  // The previous build is read while the ontology is (its time counts towards the load stage).
  const previousBlocks = load ?? pending.then((previous) => (previous?.cache ? previousLoad(previous.cache) : undefined));
  const loaded = await loadModel(options, progress, updating ? previousBlocks : undefined);
  // The emitting stages are loaded once the ontology is: an input refused never loads them.
  const [{ bundledBuild, fullBuild, STREAMED_FROM_TERMS, streamedBuild }, { updateBuild }, { planUpdate }] = await Promise.all([
    import('./pipeline/full-build.ts'),
    import('./pipeline/update-build.ts'),
    import('./pipeline/plan-update.ts'),
  ]);
  onModel?.(loaded);
  // The rest of the previous build (its search memo and manifest) is read while the ontology is parsed; what is left to wait for counts as loading too.
  const previous = await timed(loaded.timings, 'load', () => pending);
  if (options.bundleEntities) return bundledBuild(loaded, progress, previous);
  const cache = updating ? previous?.cache : undefined;
  const plan = cache && previous ? await timed(loaded.timings, 'plan', () => planUpdate(loaded.blocks, cache, loaded.model, loaded.router.host)) : undefined;
  const warnings: string[] = [];
  if (plan && cache && previous) {
    try {
      return await updateBuild(loaded, progress, { ...previous, cache }, plan, onSearchMemo, onParts);
    } catch (error) {
      if (error instanceof UserError) throw error;
      // A fault of the update's own (a cache it misread): the full build below is right whatever the cache holds.
      warnings.push(
        `update-failed: updating the previous output in place failed (${error instanceof Error ? error.message : String(error)}), so everything was built again; please report this with the ontology edit that caused it`,
      );
    }
  }
  const sink = loaded.model.entities.length >= STREAMED_FROM_TERMS ? openSink?.(previous) : undefined;
  const build = sink ? await streamedBuild(loaded, progress, previous, sink, onSearchMemo) : await fullBuild(loaded, progress, previous);
  return { ...build, warnings };
}
