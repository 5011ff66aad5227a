import type { BuildOptions } from './config/options.ts';
import { emitApi, type OutputFile } from './emit/emit-api.ts';
import { loadOntology } from './load/load-ontology.ts';
import { buildModel, type OntologyModel } from './model/build-model.ts';
import { Router } from './route/router.ts';
import { emitSearch } from './search/emit-search.ts';
import { emitSite } from './site/emit-site.ts';
import { bundleEntityFiles } from './host/cloudflare-bundles.ts';
import { buildManifest, diffEntities, emitChangeFiles, type Changes, type Manifest } from './changes/manifest.ts';
import { describeSearchIndex } from './report/describe.ts';
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
}

export interface ApiBuild extends LoadedModel {
  files: OutputFile[];
  search: SearchIndexStats;
  /** Ids added, removed and changed since the previous build, when its manifest was given. */
  changes?: Changes;
  manifest: Manifest;
}

export interface Progress {
  log(line: string): void;
  /** Called now and then during long stages; `done` of `total`. */
  tick?(stage: string, done: number, total: number): void;
}

export type ModelOptions = Pick<BuildOptions, 'ontology' | 'baseUrl' | 'baseIri'> & Partial<Pick<BuildOptions, 'bundleEntities'>>;

const silent: Progress = { log: () => {} };

/** load → model. */
export async function loadModel(options: ModelOptions, progress: Progress = silent): Promise<LoadedModel> {
  const timings: StageTiming[] = [];
  const loaded = await timed(timings, 'load', () => loadOntology(options.ontology, (line) => progress.log(line)));
  progress.log(`load: ${loaded.sources.length} source(s), ${loaded.quads.length} triples`);
  const model = await timed(timings, 'model', () => buildModel(loaded.quads, { baseIri: options.baseIri }));
  progress.log(`model: ${countKinds(model)} under ${model.baseIri}`);
  return { sources: loaded.sources, triples: loaded.quads.length, model, router: new Router(options.baseUrl), timings };
}

/** load → model → emit, all in memory; writing is left to the caller. `previous` is the last build's manifest. */
export async function generateApi(options: ModelOptions, progress: Progress = silent, previous?: Manifest): Promise<ApiBuild> {
  const loaded = await loadModel(options, progress);
  const { model, router, timings } = loaded;
  const total = model.entities.length;
  const files = await timed(timings, 'emit', () => emitApi(model, router, (done) => progress.tick?.('emit', done, total)));
  progress.log(`emit: ${files.length} files`);
  const search = await timed(timings, 'search', () => emitSearch(model, router));
  progress.log(`search: ${describeSearchIndex(search.stats)}`);
  files.push(...search.files);
  files.push(...await timed(timings, 'site', () => emitSite(model, router, files)));
  const output = options.bundleEntities ? bundleEntityFiles(files, model, router) : files;
  // One sort of the whole build by path, so the same input always gives the same file list.
  const byPath = (a: OutputFile, b: OutputFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  output.sort(byPath);
  // Entities are hashed from their own format files, which bundling replaces.
  const manifest = buildManifest(output, files, model, router);
  const changes = diffEntities(previous, manifest);
  output.push(...emitChangeFiles(manifest, changes));
  output.sort(byPath);
  return { ...loaded, files: output, search: search.stats, changes, manifest };
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
