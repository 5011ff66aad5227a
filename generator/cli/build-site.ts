// The whole site, loaded only for a build without --api-only: Astro and the site's modules stay out of an API build.
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from '../config/options.ts';
import type { ModelOptions } from '../pipeline/load-model.ts';
import { siteConfig } from '../astro/site-config.ts';
import { inAstroWorkingFolder } from '../astro/working-folder.ts';
import { startSiteApi, type SiteBuildResult } from '../astro/integration.ts';
import { readPreviousManifest } from '../write/previous-output.ts';
import type { Reporter } from './reporter.ts';
import { seconds, summaryLines } from './build-summary.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The API on a worker thread, the concept pages it renders, Astro's own pages and Pagefind, into `staging`. */
export async function buildSite(options: BuildOptions, model: ModelOptions, staging: string, reporter: Reporter): Promise<string[]> {
  // The worker builds the model, renders the concept pages (which this thread writes) and writes the API.
  const apiWorker = startSiteApi(model, staging, { manifest: readPreviousManifest(options.out), folder: options.out }, (line) => reporter.log(line));
  let result: SiteBuildResult | undefined;
  try {
    // The build reaches no network but the ontology URL the user gave: no usage data to Astro.
    process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
    const astro = import('astro');
    // Awaited below; if the ontology is bad, that failure is the one reported.
    astro.catch(() => {});
    // A bad ontology fails before Astro prints anything.
    await apiWorker.summary;
    const { build: astroBuild } = await astro;
    const config = siteConfig(
      { ...options, out: staging },
      {
        api: apiWorker,
        previousOut: options.out,
        log: (line) => reporter.log(line),
        onWritten: (written) => {
          result = written;
        },
      },
    );
    // Astro's own lines would list all 18,000 pages; progress comes from the integration instead.
    await inAstroWorkingFolder(() => astroBuild({ ...config, root: PACKAGE_ROOT, configFile: false, logLevel: 'warn' }));
  } catch (error) {
    await apiWorker.stop();
    throw error;
  }
  if (!result) throw new Error('the Astro build finished without writing the API');
  const { api, pages, ready, pagesRenderMs } = result;
  return summaryLines(options, api, [
    `site: ${pages} concept pages in the full-text index, rendered in ${seconds(pagesRenderMs)} on the API's thread`,
    `site ready, since the command started: ${ready.map(({ part, ms }) => `${part} ${seconds(ms)}`).join(', ')}`,
  ]);
}
