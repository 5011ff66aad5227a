import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import { generateApi, type ModelOptions } from '../generate-api.ts';
import type { Manifest } from '../changes/manifest-table.ts';
import { describeFailure } from '../errors.ts';
import { copyWithin, emptyFolder } from '../write/write-files.ts';
import { readPreviousManifest } from '../write/previous-output.ts';
import type { PreviousBuild } from '../write/build-cache.ts';
import { Router, SITE_PAGES } from '../route/router.ts';
import { isUrl } from '../load/read-sources.ts';
import { formatBytes } from '../report/describe.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import { startSiteWorker, type RunningSiteWorker } from '../worker/start-api-worker.ts';
import { serveApi } from './dev-server.ts';
import { startIndexingPages, type PagesIndexing } from './full-text.ts';
import { setSiteModel, setSiteSummary } from './site-data.ts';

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
  /** When each part of the site was ready, in milliseconds since the process started. */
  ready: { part: string; ms: number }[];
  /** How long the worker took to render the concept pages. */
  pagesRenderMs: number;
}

export interface StaticApiIntegrationOptions {
  options?: Partial<BuildOptions>;
  /** The worker the command line started, so that a bad ontology fails before Astro starts. */
  api?: RunningSiteWorker;
  /** Where the previous build is, when it is not the output folder (the command line builds beside it). */
  previousOut?: string;
  /** Where progress lines go (the command line's reporter); by default Astro's logger. */
  log?: (line: string) => void;
  onWritten?: (result: SiteBuildResult) => void;
}

/**
 * Wires the generator into Astro. `astro build`: a worker thread builds the model, renders the concept pages,
 * which this thread writes, then writes the API into the output folder; Pagefind indexes the pages once they
 * are written, while Astro renders the site's own pages. `astro dev`: the API is served from memory and
 * regenerated when the ontology changes, and Astro renders the concept pages per request.
 */
export function staticApi(input: StaticApiIntegrationOptions = {}): AstroIntegration {
  let options: BuildOptions | undefined;
  let outDir = '';
  let api: RunningSiteWorker | undefined = input.api;
  let indexing: Promise<PagesIndexing> | undefined;
  const ready: SiteBuildResult['ready'] = [];
  const readyNow = (part: string): void => {
    ready.push({ part, ms: performance.now() });
  };
  const resolved = (): BuildOptions => (options ??= resolveOptions(input.options ?? {}));
  let siteRouter: Router | undefined;
  const router = (): Router => (siteRouter ??= new Router(resolved().baseUrl, resolved().host));
  return {
    name: 'static-api',
    hooks: {
      // The worker writes into the output folder while Astro builds, so Astro must not empty it midway.
      'astro:config:setup': ({ command, updateConfig, injectRoute }) => {
        if (command === 'build') updateConfig({ vite: { build: { emptyOutDir: false } } });
        // A build renders the concept pages on the API's thread; the dev server renders them per request through
        // a route that depends on the layout, so it is not a file under src/pages.
        if (command === 'dev') injectRoute({ pattern: router().pageRoute.pattern, entrypoint: CONCEPT_PAGE });
        for (const [name, folder] of Object.entries(SITE_PAGES) as [keyof typeof SITE_PAGES, string][]) {
          // The dev server answers the folder's URL; a build writes the folder's index.html in either layout.
          injectRoute({ pattern: command === 'dev' ? `/${folder}` : router().sitePageRoute(folder), entrypoint: SITE_PAGE_FILES[name] });
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
          setSiteModel(build);
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
        const worker = api;
        try {
          // The site's own pages (rendered by Astro after this hook) show a little of the model.
          setSiteSummary(router(), await worker.summary);
        } catch (error) {
          await worker.stop();
          throw error;
        }
        // The pages are written on this thread as they come, between Astro's own steps; Pagefind reads them once all are.
        indexing = worker.pagesWritten.then((written) => {
          readyNow('concept pages');
          log(`site: ${written.pages} concept pages (${formatBytes(written.bytes)}) written; full-text index begun`);
          return startIndexingPages(outDir, router().pagesGlob);
        });
        // Settled in astro:build:done; if Astro fails first, its failure is the one reported.
        indexing.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!api || !indexing) throw new Error('astro:build:done ran before astro:build:start');
        const log = input.log ?? ((line: string) => logger.info(line));
        const out = fileURLToPath(dir);
        readyNow('astro pages');
        const full = await indexing;
        try {
          const summary = await api.finished();
          readyNow('api');
          // The root 404.html is the API's JSON body; on hosts that pick a 404 page by folder, the pages get a human one.
          const notFound = router().pagesNotFoundFile;
          if (notFound) await copyWithin(out, `${SITE_PAGES.notFound}/index.html`, notFound);
          const pages = await full.finish();
          readyNow('full-text index');
          log(`site: full-text index of ${pages} pages ready`);
          input.onWritten?.({ api: summary, pages, ready, pagesRenderMs: (await api.pagesWritten).renderMs });
        } catch (error) {
          await full.cancel();
          throw error;
        }
      },
    },
  };
}

/**
 * Starts the worker of a whole site's build (startSiteWorker): the model, the concept pages, then the API, into
 * `outDir`. `previous`: the previous build's manifest, and the folder it is in when that is not `outDir` (its
 * unchanged files are linked from there).
 */
export function startSiteApi(
  options: ModelOptions,
  outDir: string,
  previous: { manifest?: Manifest; folder?: string },
  log: (line: string) => void,
): RunningSiteWorker {
  return startSiteWorker({ options, outDir, previous: previous.manifest?.pack(), previousOut: previous.folder }, (line) => log(`api ${line}`));
}
