import type { BuildOptions } from './config/options.ts';
import { emitApi, type OutputFile } from './emit/emit-api.ts';
import { encodeBlocks, loadOntology, type ParsedBlocks } from './load/load-ontology.ts';
import type { LoadedBlock } from './load/loaded-block.ts';
import { countKinds } from './model/count-types.ts';
import { buildModelFromBlocks, type OntologyModel } from './model/build-model.ts';
import { caseCollisionError } from './model/check-ids.ts';
import { MANIFEST_FILE, Router, SEARCH_FOLDER, TREE_FOLDER } from './route/router.ts';
import { emitSearch } from './search/emit-search.ts';
import { searchSource } from './search/search-entities.ts';
import { startSearchThread } from './search/search-thread.ts';
import { emitSite, exampleQuery } from './site/emit-site.ts';
import { treeUpdate } from './site/tree.ts';
import { compareUnits } from './text/compare-units.ts';
import { pickExamples } from './site/openapi.ts';
import { bundleEntityFiles } from './host/cloudflare-bundles.ts';
import { emitHostFiles } from './host/host-files.ts';
import { beginManifest, buildManifest, diffEntities, emitChangeFiles, hashFiles, removedFiles, type Changes, type Manifest } from './changes/manifest.ts';
import type { FileSink } from './write/threaded-writer.ts';
import { SEARCH_LANE } from './write/batch-flow.ts';
import { describeSearchIndex } from './report/describe.ts';
import { planUpdate } from './changes/plan-update.ts';
import { patchManifest } from './changes/patch-manifest.ts';
import { CACHE_VERSION, manifestHash, type BuildCache, type PreviousBuild } from './write/build-cache.ts';
import type { SearchIndexStats } from './search/build-search-index.ts';

export interface StageTiming {
  stage: string;
  ms: number;
}

/** The ontology read and modelled: all the site's pages need. */
export interface LoadedModel {
  sources: string[];
  triples: number;
  model: OntologyModel;
  router: Router;
  timings: StageTiming[];
  blocks: LoadedBlock[];
  /** Blocks restored from the previous build's cache instead of parsed. */
  reusedBlocks: number;
}

export interface ApiBuild extends LoadedModel {
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
}

export interface Progress {
  log(line: string): void;
  /** Called now and then during long stages; `done` of `total`. */
  tick?(stage: string, done: number, total: number): void;
  /** Called after a stage whose garbage the next one need not carry (the model of a full build). */
  between?(stage: string): void;
}

export type ModelOptions = Pick<BuildOptions, 'ontology' | 'baseUrl' | 'baseIri'> & Partial<Pick<BuildOptions, 'host' | 'bundleEntities' | 'downloadTimeout'>> & {
  /** The folder the output goes to, when its file system ignores letter case: ids that differ only by case are refused. */
  caseFoldingOutput?: string;
};

const silent: Progress = { log: () => {} };

/** load → model. */
export async function loadModel(options: ModelOptions, progress: Progress = silent, parsed?: ParsedBlocks | Promise<ParsedBlocks | undefined>): Promise<LoadedModel> {
  const timings: StageTiming[] = [];
  const loaded = await timed(timings, 'load', () => loadOntology(options.ontology, (line) => progress.log(line), parsed, options.downloadTimeout));
  const reuse = loaded.reused > 0 ? ` (${loaded.blocks.length - loaded.reused} of ${loaded.blocks.length} blocks parsed, the rest from the cache)` : '';
  progress.log(`load: ${loaded.sources.length} source(s), ${loaded.size} triples${reuse}`);
  const router = new Router(options.baseUrl, options.host);
  const model = await timed(timings, 'model', () => buildModelFromBlocks(loaded.blocks, { baseIri: options.baseIri, siteIds: router.siteIds }));
  if (options.caseFoldingOutput !== undefined && model.caseCollisions.length > 0) throw caseCollisionError(model.caseCollisions, options.caseFoldingOutput);
  progress.log(`model: ${countKinds(model)} under ${model.baseIri}`);
  return { sources: loaded.sources, triples: loaded.size, model, router, timings, blocks: loaded.blocks, reusedBlocks: loaded.reused };
}

/**
 * load → model → emit, all in memory; writing is left to the caller. With the previous build's cache, only
 * the entities an edit reaches are emitted again (never for bundles, whose files mix forty entities).
 * `openSink`, when the whole API is emitted (not an update, not bundles): files go to the sink it opens as
 * they are made, so writing runs alongside the rest of the build, and `files` is left empty.
 */
export async function generateApi(options: ModelOptions, progress: Progress = silent, reading?: PreviousBuild | Promise<PreviousBuild | undefined>, openSink?: (previous: PreviousBuild | undefined) => FileSink): Promise<ApiBuild> {
  const pending = Promise.resolve(reading);
  // The previous build is read while the ontology is (its time counts towards the load stage).
  const loaded = await loadModel(options, progress, pending.then((previous) => (options.bundleEntities ? undefined : previous?.cache?.parsed)));
  const previous = await pending;
  const cache = options.bundleEntities ? undefined : previous?.cache;
  const { model, router, timings } = loaded;
  const plan = cache && previous ? await timed(timings, 'plan', () => planUpdate(loaded.blocks, cache, model, router.host)) : undefined;
  const sink = plan || options.bundleEntities ? undefined : openSink?.(previous);
  // openapi.json quotes the example entities' files, so those are always emitted (and kept when handed over).
  const examples = new Set(Object.values(pickExamples(model)).flatMap((entity) => (entity ? [entity.id] : [])));
  const only = plan ? (id: string) => plan.emit.has(id) || examples.has(id) : undefined;
  const total = plan ? plan.emit.size : model.entities.length;
  // A build that writes as it goes builds the search index on another thread while this one emits.
  const searchThread = sink && startSearchThread({ source: searchSource(model), answering: [exampleQuery(model)], flow: sink.flow.buffer }, (batch) => sink.addBatch(batch, SEARCH_LANE));
  // Settled below; if emitting fails first, its failure is the one reported.
  searchThread?.catch(() => {});
  // What loading left behind is garbage now: collected before emitting, the heap grows from the model alone.
  // The build's only full collection: the later ones cost 0.3-0.4 s of a full build and did not lower its peak.
  if (!plan) progress.between?.('model');
  const handOff = sink && keepingExamples(sink, new Set([...examples].flatMap((id) => router.publishedFormats(id).map((spec) => router.filePath(id, spec.format)))));
  const emitted = await timed(timings, 'emit', () => emitApi(model, router, { onEntity: (done) => progress.tick?.('emit', done, total), only, handOff: handOff?.add }));
  const files = handOff ? handOff.add(emitted) : emitted;
  progress.log(`emit: ${handOff?.count() ?? files.length} files${plan ? ` (${plan.emit.size} entities reached by ${plan.changedBlocks} changed block(s); the rest kept)` : ''}`);
  // Updating in place, the index keeps the files the previous build wrote that the edit does not reach, but
  // writes the shard openapi.json's search example reads (the site stage reads it from `files`).
  const previousIndex = plan && cache?.search && previous ? { memo: cache.search, hashOf: previous.manifest.hashesUnder(`${SEARCH_FOLDER}/`), written: [exampleQuery(model)] } : undefined;
  // Entities the edit does not reach keep their search data: their own triples are as they were.
  const sourceReuse = previousIndex && plan ? { memo: previousIndex.memo, redo: plan.reached } : undefined;
  let manifestBegun: Promise<(rest: readonly [string, string][]) => Manifest> | undefined;
  let parsedEarly: ParsedBlocks | undefined;
  const search = await timed(timings, 'search', () => {
    if (!searchThread || !sink) return emitSearch(searchSource(model, sourceReuse), previousIndex);
    // Streaming, this thread waits for the search thread: the manifest's part for the files written so far
    // (the API's: sorted, their entities hashed) and the next build's parsed blocks are worked out meanwhile.
    manifestBegun = sink.hashes().then((first) => beginManifest(first, model, router, previous?.manifest));
    // Settled in the manifest stage; a failure of the write thread is reported by its next answer too.
    manifestBegun.catch(() => {});
    parsedEarly = encodeBlocks(loaded.blocks, cache?.parsed);
    return searchThread;
  });
  progress.log(`search: ${describeSearchIndex(search.stats)}${searchThread ? ' (built on another thread while emitting; the search stage is the wait after)' : ''}`);
  const hostFiles = emitHostFiles(router, search.memo.fold);
  files.push(...search.files, ...hostFiles);
  // Streaming, the shard of openapi.json's search example was handed over already: a copy is read here.
  const tree = plan && previous ? await timed(timings, 'site', () => treeUpdate(model, plan.emit, previous.manifest.hashesUnder(`${TREE_FOLDER}/`))) : undefined;
  const siteFiles = await timed(timings, 'site', () => emitSite(model, router, [...files, ...search.answering], tree?.only));
  sink?.add([...search.files, ...hostFiles, ...siteFiles]);
  const output = sink ? [] : options.bundleEntities ? bundleEntityFiles([...files, ...siteFiles], model, router) : [...files, ...siteFiles];
  // One sort of the whole build by path, so the same input always gives the same file list.
  const byPath = (a: OutputFile, b: OutputFile) => compareUnits(a.path, b.path);
  output.sort(byPath);
  const hashed = sink ? await timed(timings, 'write', () => sink.hashes()) : hashFiles(output);
  // Entities are hashed from their own format files, which bundling replaces.
  const { manifest, changes, changeFiles } = await timed(timings, 'manifest', async () => {
    const carried = [search.carried, tree?.carried ?? {}];
    // An update patches the previous manifest; the hashes it carries are the previous build's.
    const carriedFiles = carried.flatMap((part) => Object.entries(part));
    const manifest = plan && previous
      ? patchManifest(previous.manifest, { hashed, carried, redo: new Set([...plan.emit, ...examples]) }, model, router)
      : manifestBegun ? (await manifestBegun)([...carriedFiles, ...hashed])
        : buildManifest([...carriedFiles, ...hashed], model, router, options.bundleEntities ? files : [], previous?.manifest);
    const changes = diffEntities(previous?.manifest, manifest);
    return { manifest, changes, changeFiles: emitChangeFiles(manifest, changes) };
  });
  if (sink) sink.add(changeFiles);
  else output.push(...changeFiles);
  output.sort(byPath);
  const update = plan && previous ? { entities: plan.emit.size, removed: removedFiles(previous.manifest, manifest) } : undefined;
  const manifestText = changeFiles.find((file) => file.path === MANIFEST_FILE)?.contents ?? '';
  const nextCache: BuildCache = await timed(timings, 'cache', () => ({ version: CACHE_VERSION, manifest: manifestHash(manifestText), columns: manifest.pack(), layout: options.bundleEntities ? 'bundles' : router.host, baseIri: model.baseIri, blockKeys: loaded.blocks.map((block) => block.key), parsed: parsedEarly ?? encodeBlocks(loaded.blocks, cache?.parsed), search: search.memo }));
  return { ...loaded, files: output, search: search.stats, changes, manifest, update, cache: nextCache };
}

/** Hands emitted files to the sink, keeping those openapi.json quotes; `add` returns the files kept so far. */
function keepingExamples(sink: FileSink, quoted: ReadonlySet<string>) {
  const kept: OutputFile[] = [];
  let count = 0;
  return {
    add: (files: OutputFile[]): OutputFile[] => {
      kept.push(...files.filter((file) => quoted.has(file.path)));
      count += files.length;
      sink.add(files);
      return kept;
    },
    count: () => count,
  };
}

/** Runs a stage and adds its time to the stage's entry (a stage may run in several parts). */
export async function timed<T>(timings: StageTiming[], stage: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  addTime(timings, stage, performance.now() - start);
  return result;
}

export function addTime(timings: StageTiming[], stage: string, ms: number): void {
  const entry = timings.find((timing) => timing.stage === stage);
  if (entry) entry.ms += ms;
  else timings.push({ stage, ms });
}

