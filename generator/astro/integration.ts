import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import { generateApi, loadModel, type LoadedModel, type ModelOptions } from '../generate-api.ts';
import type { Manifest } from '../changes/manifest-table.ts';
import { describeFailure } from '../errors.ts';
import { copyWithin, emptyFolder } from '../write/write-files.ts';
import { readPreviousManifest } from '../write/previous-output.ts';
import type { PreviousBuild } from '../write/build-cache.ts';
import { Router, SITE_PAGES } from '../route/router.ts';
import { isUrl } from '../load/read-sources.ts';
import { formatBytes } from '../report/describe.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import { startApiWorker, type RunningApiWorker } from '../worker/start-api-worker.ts';
import { writeConceptPages } from './concept-pages.ts';
import { serveApi } from './dev-server.ts';
import { startIndexingPages, type PagesIndexing } from './full-text.ts';
import { setSiteData, siteData } from './site-data.ts';

const CONCEPT_PAGE = new URL('../../src/concept/ConceptPage.astro', import.meta.url);
// The site's own pages live under a folder no id can take, which Astro would not route from src/pages ("_").
const SITE_PAGE_FILES: Record<keyof typeof SITE_PAGES, URL> = {
  tree: new URL('../../src/site/TreePage.astro', import.meta.url),
  find: new URL('../../src/site/FindPage.astro', import.meta.url),
  notFound: new URL('../../src/site/NotFoundPage.astro', import.meta.url),
};

export interface SiteBuildResult {
  api: ApiSummary;
  pages: number;
  timings: { stage: string; ms: number }[];
}

export interface StaticApiIntegrationOptions {
  options?: Partial<BuildOptions>;
  /** The model already loaded by the command line, so the pages do not parse the ontology again. */
  loaded?: LoadedModel;
  /** The API worker the command line started before loading the model, already writing into the output folder. */
  api?: RunningApiWorker;
  /** Where the previous build is, when it is not the output folder (the command line builds beside it). */
  previousOut?: string;
  /** Where progress lines go (the command line's reporter); by default Astro's logger. */
  log?: (line: string) => void;
  onWritten?: (result: SiteBuildResult) => void;
}

/**
 * Wires the generator into Astro. `astro build`: a worker thread writes the API into the output folder while
 * this thread writes the concept pages from the model, Pagefind indexes them, and Astro renders the site's
 * own pages. `astro dev`: the API is served from memory and regenerated when the ontology changes.
 */
export function staticApi(input: StaticApiIntegrationOptions = {}): AstroIntegration {
  let options: BuildOptions | undefined;
  let outDir = '';
  let api: RunningApiWorker | undefined = input.api;
  let indexing: PagesIndexing | undefined;
  const timings: { stage: string; ms: number }[] = [];
  let stageStarted = 0;
  const stageDone = (stage: string): void => {
    const now = performance.now();
    timings.push({ stage, ms: now - stageStarted });
    stageStarted = now;
  };
  const resolved = (): BuildOptions => (options ??= resolveOptions(input.options ?? {}));
  return {
    name: 'static-api',
    hooks: {
      // The worker writes into the output folder while Astro builds, so Astro must not empty it midway.
      'astro:config:setup': ({ command, updateConfig, injectRoute }) => {
        if (command === 'build') updateConfig({ vite: { build: { emptyOutDir: false } } });
        const router = new Router(resolved().baseUrl, resolved().host);
        // A build writes the concept pages itself (astro:build:start); the dev server renders them per request
        // through a route that depends on the layout, so it is not a file under src/pages.
        if (command === 'dev') injectRoute({ pattern: router.pageRoute.pattern, entrypoint: CONCEPT_PAGE });
        for (const [name, folder] of Object.entries(SITE_PAGES) as [keyof typeof SITE_PAGES, string][]) {
          // The dev server answers the folder's URL; a build writes the folder's index.html in either layout.
          injectRoute({ pattern: command === 'dev' ? `/${folder}` : router.sitePageRoute(folder), entrypoint: SITE_PAGE_FILES[name] });
        }
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
        if (!api) {
          // Read before the folder is emptied: unchanged files are linked only from a previous build elsewhere.
          const previous = readPreviousManifest(input.previousOut ?? outDir);
          emptyFolder(outDir);
          api = startSiteApi(resolved(), outDir, { manifest: previous, folder: input.previousOut }, log);
        }
        try {
          const loaded = input.loaded ?? (await loadModel(resolved()));
          // The site's own pages (rendered by Astro after this hook) read the model too.
          setSiteData(loaded);
          stageStarted = performance.now();
          const { router } = siteData();
          const written = writeConceptPages(outDir, siteData());
          // The worker made its first files meanwhile: they are written now, not beside the pages (see WriteGate).
          api.releaseWrites();
          stageDone('concept pages');
          // Pagefind is a process of its own: it reads and indexes the pages while Astro and the API worker go on.
          indexing = await startIndexingPages(outDir, router.pagesGlob);
          log(`site: ${written.pages} concept pages written (${formatBytes(written.bytes)}) while the API is; full-text index begun`);
        } catch (error) {
          await api.stop();
          await indexing?.cancel();
          throw error;
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!api || !indexing) throw new Error('astro:build:done ran before astro:build:start');
        const log = input.log ?? ((line: string) => logger.info(line));
        const out = fileURLToPath(dir);
        const { router } = siteData();
        stageDone('astro pages');
        const summary = await api.finished();
        stageDone('api wait');
        // The root 404.html is the API's JSON body; on hosts that pick a 404 page by folder, the pages get a human one.
        if (router.pagesNotFoundFile) await copyWithin(out, `${SITE_PAGES.notFound}/index.html`, router.pagesNotFoundFile);
        const pages = await indexing.finish();
        stageDone('full-text index');
        log(`site: full-text index of ${pages} pages ready`);
        input.onWritten?.({ api: summary, pages, timings });
      },
    },
  };
}

/**
 * Starts building the API into `outDir` on a worker thread; it writes its files once the concept pages are
 * written (releaseWrites). `previous`: the previous build's manifest, and the folder it is in when that is not
 * `outDir` (its unchanged files are linked from there).
 */
export function startSiteApi(
  options: ModelOptions,
  outDir: string,
  previous: { manifest?: Manifest; folder?: string },
  log: (line: string) => void,
): RunningApiWorker {
  return startApiWorker({ options, outDir, previous: previous.manifest?.pack(), previousOut: previous.folder }, (line) => log(`api ${line}`), true);
}
