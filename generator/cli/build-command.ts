import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveOptions, type BuildOptions } from '../config/options.ts';
import type { ModelOptions } from '../pipeline/load-model.ts';
import { foldsCase } from '../write/case-folding.ts';
import { checkOutputTarget, inFreshFolder } from '../write/output-folder.ts';
import { parseBuildArgs, USAGE } from './parse-args.ts';
import { commandStatus, Reporter, runCommand } from './reporter.ts';
import { UserError } from '../errors.ts';
import { isUrl } from '../load/read-sources.ts';
import { Router } from '../route/router.ts';
import { restartTunedForUpdate } from './malloc-tunables.js';
import { withFingerprint } from '../cache/generator-fingerprint.js';
import { noteRunKind, runKind } from './run-kind.js';
import { cacheFolder } from '../write/cache-folder.ts';
import { existsSync } from 'node:fs';
import { BuildServer, rehearsalOf, startBuildServer } from './build-server.ts';
import { collectGarbage } from '../pipeline/collect-garbage.ts';
import { prepareReading } from '../write/prepared-reading.ts';
import { buildServerSocket, SERVE_FLAG } from './build-server-socket.js';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LAUNCHER = resolve(PACKAGE_ROOT, 'generator/cli/build.js');
// This process serves builds (see build-server.ts) rather than running one.
const serving = process.argv[2] === SERVE_FLAG;
// The output of the last build this process ran, absolute.
let lastOutput: string | undefined;

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
  const options = absolute(given);
  lastOutput = options.out;
  checkOutputTarget(options.out, {
    'the working folder': process.cwd(),
    'this tool': PACKAGE_ROOT,
    ...(isUrl(options.ontology) ? {} : { 'the ontology': options.ontology }),
  });
  // Only where an update is likely: the second start costs 0.1-0.15 s, which a first build, a refused input or
  // --full does not win back (and a full build's peak memory would keep what an update reuses).
  if (!serving && !options.full && existsSync(cacheFolder(options.out))) restartTunedForUpdate(withFingerprint(process.env));
  reporter.log(`building ${given.ontology} → ${given.out} for ${options.baseUrl}`);
  // Ids that differ only by letter case are one file where the output's file system folds case.
  const model: ModelOptions = { ...options, caseFoldingOutput: foldsCase(dirname(options.out)) ? dirname(options.out) : undefined };
  // Each mode's modules are loaded when it runs: --help and a refused option load none of them.
  const lines = options.apiOnly ? await buildApi(options, model, reporter) : await buildSiteFolder(options, model, reporter);
  // The next update of the API goes to a server kept warm (see build-server.ts), where one may run.
  const socket = buildServerSocket();
  if (options.apiOnly && !serving && socket !== undefined && startBuildServer(socket, LAUNCHER, argv)) {
    reporter.log('started a build server for the next updates (npm run build -- --stop-server stops it; FOLIO_BUILD_SERVER=0 starts none)');
  }
  const broken = options.checkLinks ? await checkOutputLinks(options, lines) : undefined;
  process.stdout.write(`${[...lines, `done in ${((performance.now() - started) / 1000).toFixed(1)} s`].join('\n')}\n`);
  if (broken) throw new UserError(`${broken} (the output is written)`, 'fix the references in the ontology, or serve the site where they resolve (--base-url)');
  return 0;
}

// Absolute paths: the site build runs Astro from this package's folder, and a server rehearses from its own.
function absolute(given: BuildOptions): BuildOptions {
  return { ...given, out: resolve(given.out), ontology: isUrl(given.ontology) ? given.ontology : resolve(given.ontology) };
}

/** The update of the API the command line would make now, worked out and let go: a new server's first run (see rehearseUpdate). */
async function rehearse(argv: string[]): Promise<void> {
  const options = absolute(resolveOptions(parseBuildArgs(argv).options));
  if (!updatesApi(options)) return;
  lastOutput = options.out;
  const [{ rehearseUpdate }, { readPreviousBuild }] = await Promise.all([import('../pipeline/rehearse-update.ts'), import('../write/build-cache.ts')]);
  await rehearseUpdate({ ...options, caseFoldingOutput: undefined }, readPreviousBuild(options.out));
}

async function buildApi(options: BuildOptions, model: ModelOptions, reporter: Reporter): Promise<string[]> {
  const summary = await (await import('../pipeline/build-api-folder.ts')).buildApiFolder(options, model, reporter);
  noteRunKind(summary.written.updated === undefined ? 'api-full' : 'api-update');
  return (await import('./build-summary.ts')).summaryLines(options, summary);
}

async function buildSiteFolder(options: BuildOptions, model: ModelOptions, reporter: Reporter): Promise<string[]> {
  const lines = await inFreshFolder(options.out, async (staging) => (await import('./build-site.ts')).buildSite(options, model, staging, reporter));
  noteRunKind('site');
  return lines;
}

/** --check-links: adds the check's line to the summary when every link resolves; otherwise returns it. */
async function checkOutputLinks(options: BuildOptions, lines: string[]): Promise<string | undefined> {
  const { checkLinks, describeLinks } = await import('../check/check-links.ts');
  const { readOutput } = await import('../check/read-output.ts');
  const links = checkLinks(await readOutput(options.out), new Router(options.baseUrl, options.host));
  if (links.broken.length > 0) return describeLinks(links);
  lines.push(describeLinks(links));
  return undefined;
}

/** Whether the options build the API alone, as an update where a previous build allows: what a build server runs. */
function updatesApi(options: BuildOptions): boolean {
  return options.apiOnly && !options.full && !options.bundleEntities;
}

/** Why the server leaves a command to the launcher: it runs updates of the API, whose previous build it finds. */
function declines(argv: string[]): string | undefined {
  try {
    const args = parseBuildArgs(argv);
    const options = args.help ? undefined : resolveOptions(args.options);
    if (!options || !updatesApi(options)) return 'not an update of the API';
    return existsSync(cacheFolder(resolve(options.out))) ? undefined : 'no previous build to update';
  } catch {
    // The launcher's own process reports what is wrong with the options.
    return 'options to check';
  }
}

const socket = buildServerSocket();
if (serving && socket !== undefined) {
  const rehearsal = rehearsalOf();
  let last = rehearsal;
  new BuildServer(socket, {
    declines,
    run: (argv) => {
      last = argv;
      return commandStatus(main, argv);
    },
    // A full build (a cache left by other code, a large edit) leaves a heap an update would only have to sweep:
    // a fresh server takes over. Otherwise the last build's garbage is collected while the server waits.
    between: () => {
      if (runKind() === 'api-full') return 'renew';
      collectGarbage();
      // The next update of the same output finds its previous build read already, if no other build came between.
      if (lastOutput !== undefined) void prepareReading(lastOutput);
      return undefined;
    },
    renew: () => void startBuildServer(socket, LAUNCHER, last),
    ...(rehearsal ? { rehearse: () => rehearse(rehearsal) } : {}),
  }).listen();
} else runCommand(main);
