import type { BuildOptions } from './config/options.ts';
import { emitApi, type OutputFile } from './emit/emit-api.ts';
import { loadOntology } from './load/load-ontology.ts';
import { buildModel, type OntologyModel } from './model/build-model.ts';
import { Router } from './route/router.ts';
import { emitSearch } from './search/emit-search.ts';
import { emitSite } from './site/emit-site.ts';
import { describeSearchIndex } from './report/describe.ts';
import type { SearchIndexStats } from './search/build-search-index.ts';

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface ApiBuild {
  sources: string[];
  triples: number;
  model: OntologyModel;
  router: Router;
  files: OutputFile[];
  search: SearchIndexStats;
  timings: StageTiming[];
}

export interface Progress {
  log(line: string): void;
  /** Called now and then during long stages; `done` of `total`. */
  tick?(stage: string, done: number, total: number): void;
}

const silent: Progress = { log: () => {} };

/** load → model → emit, all in memory; writing is left to the caller. */
export async function generateApi(options: Pick<BuildOptions, 'ontology' | 'baseUrl' | 'baseIri'>, progress: Progress = silent): Promise<ApiBuild> {
  const timings: StageTiming[] = [];
  const timed = async <T>(stage: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    timings.push({ stage, ms: performance.now() - start });
    return result;
  };
  const loaded = await timed('load', () => loadOntology(options.ontology, (line) => progress.log(line)));
  progress.log(`load: ${loaded.sources.length} source(s), ${loaded.quads.length} triples`);
  const model = await timed('model', () => buildModel(loaded.quads, { baseIri: options.baseIri }));
  progress.log(`model: ${countKinds(model)} under ${model.baseIri}`);
  const router = new Router(options.baseUrl);
  const total = model.entities.length;
  const files = await timed('emit', () => emitApi(model, router, (done) => progress.tick?.('emit', done, total)));
  progress.log(`emit: ${files.length} files`);
  const search = await timed('search', () => emitSearch(model, router));
  progress.log(`search: ${describeSearchIndex(search.stats)}`);
  files.push(...search.files);
  files.push(...await timed('site', () => emitSite(model, router, files)));
  // One sort of the whole build by path, so the same input always gives the same file list.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { sources: loaded.sources, triples: loaded.quads.length, model, router, files, search: search.stats, timings };
}

export function countKinds(model: OntologyModel): string {
  const classes = model.entities.filter((entity) => entity.kind === 'class').length;
  return `${classes} classes, ${model.entities.length - classes} object properties`;
}
