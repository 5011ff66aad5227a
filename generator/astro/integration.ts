import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import { generateApi, loadModel, type LoadedModel } from '../generate-api.ts';
import { describeFailure } from '../cli/reporter.ts';
import { copyWithin, emptyFolder, moveWithin } from '../write/write-files.ts';
import { readPreviousManifest } from '../write/previous-output.ts';
import type { PreviousBuild } from '../write/build-cache.ts';
import { PAGES_FOLDER, renderedPageFile } from '../route/router.ts';
import { isUrl } from '../load/read-sources.ts';
import type { ApiSummary } from '../worker/api-summary.ts';
import { startApiWorker, type RunningApiWorker } from '../worker/start-api-worker.ts';
import { serveApi } from './dev-server.ts';
import { startIndexingPages } from './full-text.ts';
import { setSiteData, siteData } from './site-data.ts';

export interface SiteBuildResult {
  api: ApiSummary;
  pages: number;
  timings: { stage: string; ms: number }[];
}

export interface StaticApiIntegrationOptions {
  options?: Partial<BuildOptions>;
  /** The model already loaded by the command line, so the pages do not parse the ontology again. */
  loaded?: LoadedModel;
  /** Where the previous build is, when it is not the output folder (the command line builds beside it). */
  previousOut?: string;
  /** Where progress lines go (the command line's reporter); by default Astro's logger. */
  log?: (line: string) => void;
  onWritten?: (result: SiteBuildResult) => void;
}

/**
 * Wires the generator into Astro. `astro build`: a worker thread writes the API into the output folder
 * while Astro renders the pages from the model on this thread, then Pagefind indexes the pages.
 * `astro dev`: the API is served from memory and regenerated when the ontology changes.
 */
export function staticApi(input: StaticApiIntegrationOptions = {}): AstroIntegration {
  let options: BuildOptions | undefined;
  let outDir = '';
  let api: RunningApiWorker | undefined;
  let siteStarted = 0;
  const resolved = (): BuildOptions => (options ??= resolveOptions(input.options ?? {}));
  return {
    name: 'static-api',
    hooks: {
      // The worker writes into the output folder while Astro builds, so Astro must not empty it midway.
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'build') updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:server:setup': ({ server, logger }) => {
        const ontology = resolved().ontology;
        // Each regeneration after the first re-emits only what the edit reaches (the dev server keeps the rest).
        let previous: PreviousBuild | undefined;
        const generate = async () => {
          const build = await generateApi(resolved(), { log: (line) => logger.info(line) }, previous);
          previous = { manifest: build.manifest, cache: build.cache };
          setSiteData(build);
          return build;
        };
        serveApi(server, generate, {
          watchPath: isUrl(ontology) ? undefined : resolve(ontology),
          onError: (error) => logger.error(describeFailure(error)),
          onReady: (build) => logger.info(`API ready: ${build.model.entities.length} entities`),
        });
      },
      'astro:build:start': async ({ logger }) => {
        const log = input.log ?? ((line: string) => logger.info(line));
        const previous = readPreviousManifest(input.previousOut ?? outDir);
        emptyFolder(outDir);
        // Unchanged files can be linked from a previous build only if it is not the folder being emptied.
        api = startApiWorker({ options: resolved(), outDir, previous: previous?.pack(), previousOut: input.previousOut }, (line) => log(`api ${line}`));
        try {
          // Pages read the model while Astro renders them, so it is ready before the pages start.
          const loaded = input.loaded ?? await loadModel(resolved());
          setSiteData(loaded);
          log(`site: rendering ${loaded.model.entities.length} concept pages while the API is written`);
          siteStarted = performance.now();
        } catch (error) {
          await api.stop();
          throw error;
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!api) throw new Error('astro:build:done ran before astro:build:start');
        const log = input.log ?? ((line: string) => logger.info(line));
        const out = fileURLToPath(dir);
        const pagesDone = performance.now();
        const { model, router } = siteData();
        log(`site: pages rendered in ${seconds(pagesDone - siteStarted)}; full-text index…`);
        // Astro renders every page into html/; a layout that serves them elsewhere has them moved there.
        const moves = model.entities.map((entity) => [renderedPageFile(entity.id), router.pageFile(entity.id)] as const).filter(([from, to]) => from !== to);
        if (moves.length > 0) moveWithin(out, moves, PAGES_FOLDER);
        const indexStarted = performance.now();
        const indexing = await startIndexingPages(out, router.pagesGlob);
        const summary = await api.finished();
        // The root 404.html is the API's JSON body; on hosts that pick a 404 page by folder, the pages get a human one.
        if (router.pagesNotFoundFile) await copyWithin(out, 'not-found/index.html', router.pagesNotFoundFile);
        const pages = await indexing.finish();
        log(`site: full-text index of ${pages} pages ready ${seconds(performance.now() - pagesDone)} after the pages`);
        const timings = [{ stage: 'site pages', ms: pagesDone - siteStarted }, { stage: 'full-text index', ms: performance.now() - indexStarted }];
        if (moves.length > 0) timings.splice(1, 0, { stage: `pages moved for ${router.host}`, ms: indexStarted - pagesDone });
        input.onWritten?.({ api: summary, pages, timings });
      },
    },
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
