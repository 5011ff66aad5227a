import type { BuildOptions } from '../config/options.ts';
import { loadOntology, type LoadedOntology, type PreviousLoad } from '../load/load-ontology.ts';
import type { SourceCopier } from '../load/file-bytes.ts';
import type { LoadedBlock } from '../load/loaded-block.ts';
import { buildModelFromBlocks } from '../model/build-model.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import { caseCollisionError } from '../model/check-ids.ts';
import { countKinds } from '../model/count-types.ts';
import { Router } from '../route/router.ts';
import { SILENT, timed, type Progress, type StageTiming } from './progress.ts';

export type ModelOptions = Pick<BuildOptions, 'ontology' | 'baseUrl' | 'baseIri'> &
  Partial<Pick<BuildOptions, 'host' | 'bundleEntities' | 'negotiate' | 'downloadTimeout' | 'full' | 'branches'>> & {
    /** The folder the output goes to, when its file system ignores letter case: ids that differ only by case are refused. */
    caseFoldingOutput?: string;
    /** Copies each RDF/XML file beside the cache before it is read (see readSources). */
    copySources?: SourceCopier;
  };

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
  /** Where the files were cut into blocks, and their bytes (for the next build's cache). */
  cuts: LoadedOntology['cuts'];
  /** Whether the hosts' code negotiates `/{id}` where that makes every record read run it (see BuildOptions). */
  negotiate: boolean;
}

/** load → model. `previous`: the previous build's parsed blocks, whose unchanged blocks are not parsed again, and its cuts. */
export async function loadModel(
  options: ModelOptions,
  progress: Progress = SILENT,
  previous?: PreviousLoad | Promise<PreviousLoad | undefined>,
): Promise<LoadedModel> {
  const timings: StageTiming[] = [];
  const loaded = await timed(timings, 'load', () =>
    loadOntology(options.ontology, (line) => progress.log(line), previous, options.downloadTimeout, options.copySources),
  );
  const reuse = loaded.reused > 0 ? ` (${loaded.blocks.length - loaded.reused} of ${loaded.blocks.length} blocks parsed, the rest from the cache)` : '';
  progress.log(`load: ${loaded.sources.length} source(s), ${loaded.size} triples${reuse}`);
  const router = new Router(options.baseUrl, options.host);
  const model = await timed(timings, 'model', () =>
    buildModelFromBlocks(loaded.blocks, { baseIri: options.baseIri, siteIds: router.siteIds, branches: options.branches }),
  );
  if (options.caseFoldingOutput !== undefined && model.caseCollisions.length > 0) throw caseCollisionError(model.caseCollisions, options.caseFoldingOutput);
  progress.log(`model: ${countKinds(model)} under ${model.baseIri}`);
  return {
    sources: loaded.sources,
    triples: loaded.size,
    model,
    router,
    timings,
    blocks: loaded.blocks,
    reusedBlocks: loaded.reused,
    cuts: loaded.cuts,
    negotiate: options.negotiate === true,
  };
}
