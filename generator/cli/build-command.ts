import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import type { ModelOptions } from '../pipeline/load-model.ts';
import type { StageTiming } from '../pipeline/progress.ts';
import { describeSearchIndex, formatBytes } from '../report/describe.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import { foldsCase } from '../write/case-folding.ts';
import { describeChanges } from '../changes/manifest.ts';
import { checkOutputTarget, inFreshFolder } from '../write/output-folder.ts';
import { buildApiFolder } from '../pipeline/build-api-folder.ts';
import { siteConfig } from '../astro/site-config.ts';
import { inAstroWorkingFolder } from '../astro/working-folder.ts';
import { startSiteApi, type SiteBuildResult } from '../astro/integration.ts';
import { readPreviousManifest } from '../write/previous-output.ts';
import { parseBuildArgs, USAGE } from './parse-args.ts';
import { Reporter, runCommand } from './reporter.ts';
import { checkLinks, describeLinks } from '../check/check-links.ts';
import { readOutput } from '../check/read-output.ts';
import { UserError } from '../errors.ts';
import { isUrl } from '../load/read-sources.ts';
import { Router } from '../route/router.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run build`: the API alone, or the whole site with Astro; either way into a fresh folder swapped in at the end. */
async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const reporter = new Reporter();
  const args = parseBuildArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const given = resolveOptions(args.options);
  // Absolute from here on: the site build runs Astro from this package's folder.
  const options = { ...given, out: resolve(given.out), ontology: isUrl(given.ontology) ? given.ontology : resolve(given.ontology) };
  checkOutputTarget(options.out, {
    'the working folder': process.cwd(),
    'this tool': PACKAGE_ROOT,
    ...(isUrl(options.ontology) ? {} : { 'the ontology': options.ontology }),
  });
  reporter.log(`building ${given.ontology} → ${given.out} for ${options.baseUrl}`);
  // Ids that differ only by letter case are one file where the output's file system folds case.
  const model: ModelOptions = { ...options, caseFoldingOutput: foldsCase(dirname(options.out)) ? dirname(options.out) : undefined };
  const lines = options.apiOnly
    ? summaryLines(options, await buildApiFolder(options, model, reporter))
    : await inFreshFolder(options.out, (staging) => buildSite(options, model, staging, reporter));
  const links = options.checkLinks ? checkLinks(await readOutput(options.out), new Router(options.baseUrl, options.host)) : undefined;
  if (links && links.broken.length === 0) lines.push(describeLinks(links));
  process.stdout.write(`${[...lines, `done in ${((performance.now() - started) / 1000).toFixed(1)} s`].join('\n')}\n`);
  if (links && links.broken.length > 0) {
    throw new UserError(
      `${describeLinks(links)} (the output is written)`,
      'fix the references in the ontology, or serve the site where they resolve (--base-url)',
    );
  }
  return 0;
}

async function buildSite(options: BuildOptions, model: ModelOptions, staging: string, reporter: Reporter): Promise<string[]> {
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

function summaryLines(options: BuildOptions, api: ApiSummary, siteLines: string[] = []): string[] {
  return [
    `built ${api.kinds} from ${api.sources.length} source(s), ${api.triples} triples`,
    describeWritten(options, api),
    `search index: ${describeSearchIndex(api.search)}`,
    describeChanges(api.changes),
    ...siteLines,
    `stages: ${describeTimings(api.timings)}`,
    `${api.warnings.length} warning(s)${api.warnings.map((warning) => `\n  warning: ${warning}`).join('')}`,
  ];
}

function describeWritten(options: BuildOptions, { written }: ApiSummary): string {
  const { updated } = written;
  if (updated)
    return `updated ${resolve(options.out)} in place: ${updated.rewritten} file(s) rewritten, ${updated.removed} removed, ${updated.files - updated.rewritten} unchanged`;
  const kept = written.linked === undefined ? '' : ` (${written.linked} unchanged, kept from the previous build)`;
  return `wrote ${written.files} API files, ${formatBytes(written.bytes)}, into ${resolve(options.out)}${kept}`;
}

function describeTimings(timings: readonly StageTiming[]): string {
  return timings.map((timing) => `${timing.stage} ${seconds(timing.ms)}`).join(', ');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

runCommand(main);
