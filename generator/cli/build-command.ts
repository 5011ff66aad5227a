import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import { addTime, generateApi, loadModel, timed, type ModelOptions, type Progress, type StageTiming } from '../generate-api.ts';
import { describeSearchIndex, formatBytes } from '../report/describe.ts';
import { summarizeApi, type ApiSummary } from '../worker/api-summary.ts';
import { writeFiles, type WriteStats } from '../write/write-files.ts';
import { ThreadedWriter } from '../write/threaded-writer.ts';
import { reusableOutput } from '../write/previous-output.ts';
import { readPreviousBuild, writeBuildCache, type BuildCache, type PreviousBuild } from '../write/build-cache.ts';
import { updateInPlace } from '../write/update-in-place.ts';
import { foldsCase } from '../write/case-folding.ts';
import { describeChanges } from '../changes/manifest.ts';
import { OutputFolder, checkOutputTarget, removeBuildLeftovers } from '../write/output-folder.ts';
import { siteConfig } from '../astro/site-config.ts';
import type { SiteBuildResult } from '../astro/integration.ts';
import { parseBuildArgs, USAGE } from './parse-args.ts';
import { describeFailure, Reporter } from './reporter.ts';
import { checkLinks, describeLinks } from '../check/check-links.ts';
import { readOutput } from '../check/read-output.ts';
import { UserError } from '../load/errors.ts';
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
  const lines = options.apiOnly ? await buildApi(options, model, reporter) : await inFreshFolder(options, (staging) => buildSite(options, model, staging, reporter));
  const links = options.checkLinks ? checkLinks(await readOutput(options.out), new Router(options.baseUrl, options.host)) : undefined;
  if (links && links.broken.length === 0) lines.push(describeLinks(links));
  process.stdout.write(`${[...lines, `done in ${((performance.now() - started) / 1000).toFixed(1)} s`].join('\n')}\n`);
  if (links && links.broken.length > 0) {
    throw new UserError(`${describeLinks(links)} (the output is written)`, 'fix the references in the ontology, or serve the site where they resolve (--base-url)');
  }
  return 0;
}

async function inFreshFolder<T>(options: BuildOptions, build: (staging: string) => Promise<T>): Promise<T> {
  const folder = new OutputFolder(options.out);
  try {
    const result = await build(folder.staging);
    folder.commit();
    return result;
  } catch (error) {
    folder.discard();
    throw error;
  }
}

// An edit the cache covers updates the previous output in place; anything else is written to a fresh folder.
async function buildApi(options: BuildOptions, model: ModelOptions, reporter: Progress): Promise<string[]> {
  // Generated and written by a function of its own, so when the files are made in memory (bundles) they are
  // let go before the cache is serialised: kept alive together, they passed the 1 GB budget.
  const { cache, timings, summary, cacheWritten, previousCache } = await generateAndWriteApi(options, model, reporter);
  await timed(timings, 'cache', () => cacheWritten ?? writeBuildCache(options.out, cache, previousCache));
  return summaryLines(options, summary);
}

interface GeneratedApi {
  cache: BuildCache;
  timings: StageTiming[];
  summary: ApiSummary;
  /** Written while the output is (updated in place, or by the write thread); settles once the cache is in place. */
  cacheWritten?: Promise<void>;
  /** The previous build's cache, whose blocks file the new cache may add to. */
  previousCache?: BuildCache;
}

async function generateAndWriteApi(options: BuildOptions, model: ModelOptions, reporter: Progress): Promise<GeneratedApi> {
  const previousBuild = readPreviousBuild(options.out);
  // A build of the whole API writes into a fresh folder on a thread of its own, while it makes the files.
  let fresh: { folder: OutputFolder; writer: ThreadedWriter } | undefined;
  const openSink = (previous: PreviousBuild | undefined) => {
    const folder = new OutputFolder(options.out);
    fresh = { folder, writer: new ThreadedWriter({ root: folder.staging, previous: previous && { dir: options.out, before: previous.manifest.files } }) };
    return fresh.writer;
  };
  try {
    const build = await generateApi(model, reporter, previousBuild, openSink);
    const previous = await previousBuild;
    const { update } = build;
    if (update) removeBuildLeftovers(options.out);
    // Written while the output is (a cache that outlives a failed build names a manifest the output lacks, and is ignored).
    const cacheWritten = update ? (await timed(build.timings, 'cache', () => ({ written: writeBuildCache(options.out, build.cache, previous?.cache) }))).written : undefined;
    // Awaited by the caller; if updating fails first, that failure is the one reported.
    cacheWritten?.catch(() => {});
    const written = fresh ? await finishWriting(fresh, build.timings, reporter)
      : update && previous
        ? await timed(build.timings, 'write', () => {
          const stats = updateInPlace(options.out, build.files, previous.manifest, build.manifest, update.removed);
          return { files: stats.files, bytes: 0, linked: stats.files - stats.rewritten, updated: stats };
        })
        : await inFreshFolder(options, (staging) => timed(build.timings, 'write', () => writeFiles(staging, build.files, reusableOutput(options.out, previous?.manifest, build.manifest))));
    return { cache: build.cache, timings: build.timings, summary: summarizeApi(build, written), cacheWritten, previousCache: previous?.cache };
  } catch (error) {
    if (fresh) {
      await fresh.writer.stop();
      fresh.folder.discard();
    }
    throw error;
  }
}

/** Waits for the write thread, then swaps the fresh folder in; the wait counts towards the write stage. */
async function finishWriting({ folder, writer }: { folder: OutputFolder; writer: ThreadedWriter }, timings: StageTiming[], reporter: Progress): Promise<WriteStats> {
  const start = performance.now();
  const { stats, busyMs } = await writer.finish();
  folder.commit();
  addTime(timings, 'write', performance.now() - start);
  reporter.log(`write: ${stats.files} files on a thread of their own, ${(busyMs / 1000).toFixed(2)} s alongside the build (the write stage is the wait at its end)`);
  return stats;
}

async function buildSite(options: BuildOptions, model: ModelOptions, staging: string, reporter: Reporter): Promise<string[]> {
  // The pages need the model before Astro starts, and a bad ontology should fail before Astro prints anything.
  const loaded = await loadModel(model);
  // The build reaches no network but the ontology URL the user gave: no usage data to Astro.
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  const { build: astroBuild } = await import('astro');
  let result: SiteBuildResult | undefined;
  const config = siteConfig({ ...options, out: staging }, { loaded, previousOut: options.out, log: (line) => reporter.log(line), onWritten: (written) => { result = written; } });
  // Astro's own lines would list all 18,000 pages; progress comes from the integration instead.
  // Astro resolves the site's pages and packages from the working folder: this package's, wherever the command runs.
  const workingFolder = process.cwd();
  process.chdir(PACKAGE_ROOT);
  try {
    await astroBuild({ ...config, root: PACKAGE_ROOT, configFile: false, logLevel: 'warn' });
  } finally {
    process.chdir(workingFolder);
  }
  if (!result) throw new Error('the Astro build finished without writing the API');
  const { api, pages, timings } = result;
  return summaryLines(options, api, [
    `site: ${pages} concept pages in the full-text index`,
    `site stages, alongside the API: ${describeTimings(timings)}`,
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
  if (updated) return `updated ${resolve(options.out)} in place: ${updated.rewritten} file(s) rewritten, ${updated.removed} removed, ${updated.files - updated.rewritten} unchanged`;
  const kept = written.linked === undefined ? '' : ` (${written.linked} unchanged, kept from the previous build)`;
  return `wrote ${written.files} API files, ${formatBytes(written.bytes)}, into ${resolve(options.out)}${kept}`;
}

function describeTimings(timings: readonly StageTiming[]): string {
  return timings.map((timing) => `${timing.stage} ${(timing.ms / 1000).toFixed(2)} s`).join(', ');
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`${describeFailure(error)}\n`);
  process.exitCode = 1;
});
