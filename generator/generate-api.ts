import type { BuildOptions } from './config/options.ts';
import { emitApi, type OutputFile } from './emit/emit-api.ts';
import { encodeBlocks, loadOntology, type LoadedBlock, type ParsedBlocks } from './load/load-ontology.ts';
import { buildModel, type OntologyModel } from './model/build-model.ts';
import { UnsafeIdError } from './model/check-ids.ts';
import { locateIri } from './load/locate-text.ts';
import { MANIFEST_FILE, Router } from './route/router.ts';
import { emitSearch } from './search/emit-search.ts';
import { emitSite, exampleQuery } from './site/emit-site.ts';
import { pickExamples } from './site/openapi.ts';
import { bundleEntityFiles } from './host/cloudflare-bundles.ts';
import { buildManifest, diffEntities, emitChangeFiles, type Changes, type Manifest } from './changes/manifest.ts';
import { describeSearchIndex } from './report/describe.ts';
import { planUpdate } from './changes/plan-update.ts';
import { manifestHash, type BuildCache, type PreviousBuild } from './write/build-cache.ts';
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
}

export type ModelOptions = Pick<BuildOptions, 'ontology' | 'baseUrl' | 'baseIri'> & Partial<Pick<BuildOptions, 'bundleEntities' | 'downloadTimeout'>>;

const silent: Progress = { log: () => {} };

/** load → model. */
export async function loadModel(options: ModelOptions, progress: Progress = silent, parsed?: ParsedBlocks): Promise<LoadedModel> {
  const timings: StageTiming[] = [];
  const loaded = await timed(timings, 'load', () => loadOntology(options.ontology, (line) => progress.log(line), parsed, options.downloadTimeout));
  const reuse = parsed ? ` (${loaded.blocks.length - loaded.reused} of ${loaded.blocks.length} blocks parsed, the rest from the cache)` : '';
  progress.log(`load: ${loaded.sources.length} source(s), ${loaded.quads.length} triples${reuse}`);
  const model = await timed(timings, 'model', () => buildModel(loaded.quads, { baseIri: options.baseIri })).catch(async (error: unknown) => {
    if (error instanceof UnsafeIdError && error.iris[0] !== undefined) error.position = await locateIri(options.ontology, error.iris[0]);
    throw error;
  });
  progress.log(`model: ${countKinds(model)} under ${model.baseIri}`);
  return { sources: loaded.sources, triples: loaded.quads.length, model, router: new Router(options.baseUrl), timings, blocks: loaded.blocks, reusedBlocks: loaded.reused };
}

/**
 * load → model → emit, all in memory; writing is left to the caller. With the previous build's cache, only
 * the entities an edit reaches are emitted again (never for bundles, whose files mix forty entities).
 */
export async function generateApi(options: ModelOptions, progress: Progress = silent, previous?: PreviousBuild): Promise<ApiBuild> {
  const cache = options.bundleEntities ? undefined : previous?.cache;
  const loaded = await loadModel(options, progress, cache?.parsed);
  const { model, router, timings } = loaded;
  const plan = cache && previous ? planUpdate(loaded.blocks, cache, previous.manifest, model, router) : undefined;
  // openapi.json quotes the example entities' files, so those are always emitted.
  const examples = new Set(Object.values(pickExamples(model)).map((entity) => entity?.id));
  const only = plan ? (id: string) => plan.emit.has(id) || examples.has(id) : undefined;
  const total = plan ? plan.emit.size : model.entities.length;
  const files = await timed(timings, 'emit', () => emitApi(model, router, (done) => progress.tick?.('emit', done, total), only));
  progress.log(`emit: ${files.length} files${plan ? ` (${plan.emit.size} entities reached by ${plan.changedBlocks} changed block(s); the rest kept)` : ''}`);
  // Updating in place, the index keeps the files the previous build wrote that the edit does not reach, but
  // writes the shard openapi.json's search example reads (the site stage reads it from `files`).
  const previousIndex = plan && cache?.search && previous ? { memo: cache.search, hashes: previous.manifest.files, written: [exampleQuery(model)] } : undefined;
  const search = await timed(timings, 'search', () => emitSearch(model, router, previousIndex));
  progress.log(`search: ${describeSearchIndex(search.stats)}`);
  files.push(...search.files);
  files.push(...await timed(timings, 'site', () => emitSite(model, router, files)));
  const output = options.bundleEntities ? bundleEntityFiles(files, model, router) : files;
  // One sort of the whole build by path, so the same input always gives the same file list.
  const byPath = (a: OutputFile, b: OutputFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  output.sort(byPath);
  // Entities are hashed from their own format files, which bundling replaces.
  const manifest = buildManifest(output, files, model, router, { ...plan?.carried, ...search.carried });
  const changes = diffEntities(previous?.manifest, manifest);
  const changeFiles = emitChangeFiles(manifest, changes);
  output.push(...changeFiles);
  output.sort(byPath);
  const update = plan && previous ? { entities: plan.emit.size, removed: Object.keys(previous.manifest.files).filter((path) => !(path in manifest.files)) } : undefined;
  const manifestText = changeFiles.find((file) => file.path === MANIFEST_FILE)?.contents ?? '';
  const nextCache: BuildCache = { version: 1, manifest: manifestHash(manifestText), blockKeys: loaded.blocks.map((block) => block.key), parsed: encodeBlocks(loaded.blocks, cache?.parsed), search: search.memo };
  return { ...loaded, files: output, search: search.stats, changes, manifest, update, cache: nextCache };
}

export async function timed<T>(timings: StageTiming[], stage: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  timings.push({ stage, ms: performance.now() - start });
  return result;
}

export function countKinds(model: OntologyModel): string {
  const classes = model.entities.filter((entity) => entity.kind === 'class').length;
  return `${classes} classes, ${model.entities.length - classes} object properties`;
}
