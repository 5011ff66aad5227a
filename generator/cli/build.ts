import { resolve } from 'node:path';
import { resolveOptions } from '../config/options.ts';
import { countKinds, generateApi } from '../generate-api.ts';
import { describeSearchIndex, formatBytes } from '../report/describe.ts';
import { writeFiles, type WriteStats } from '../write/write-files.ts';
import { siteConfig } from '../astro/site-config.ts';
import { parseBuildArgs, USAGE } from './parse-args.ts';
import { describeFailure, Reporter } from './reporter.ts';

/** `npm run build`: generate the API (failing fast on a bad ontology), then let Astro build the site around it. */
async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const reporter = new Reporter();
  const args = parseBuildArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const options = resolveOptions(args.options);
  reporter.log(`building ${options.ontology} → ${options.out} for ${options.baseUrl}`);
  const build = await generateApi(options, reporter);
  let stats: WriteStats;
  let pagesLine: string | undefined;
  if (options.apiOnly) {
    stats = await writeFiles(options.out, build.files);
  } else {
    // The build reaches no network but the ontology URL the user gave: no usage data to Astro.
    process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
    const { build: astroBuild } = await import('astro');
    let written: (WriteStats & { pages: number }) | undefined;
    const siteStarted = performance.now();
    await astroBuild({ ...siteConfig(options, { prebuilt: build, onWritten: (s) => { written = s; } }), root: process.cwd(), configFile: false, logLevel: 'info' });
    build.timings.push({ stage: 'site pages, writing, full-text index', ms: performance.now() - siteStarted });
    if (!written) throw new Error('the Astro build finished without writing the API');
    stats = written;
    pagesLine = `site: ${written.pages} concept pages in the full-text index`;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const warnings = [...build.model.warnings, ...build.search.oversized.map((file) => `search-budget: ${file} is over 16 kB gzipped`)];
  const lines = [
    `built ${countKinds(build.model)} from ${build.sources.length} source(s), ${build.triples} triples`,
    `wrote ${stats.files} API files, ${formatBytes(stats.bytes)}, into ${resolve(options.out)}`,
    `search index: ${describeSearchIndex(build.search)}`,
    ...(pagesLine ? [pagesLine] : []),
    `stages: ${build.timings.map((t) => `${t.stage} ${(t.ms / 1000).toFixed(2)} s`).join(', ')}`,
    `${warnings.length} warning(s)${warnings.map((w) => `\n  warning: ${w}`).join('')}`,
    `done in ${seconds} s`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`${describeFailure(error)}\n`);
  process.exitCode = 1;
});
