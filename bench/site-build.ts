// `npm run bench:site`: the whole site (API, search index, 18,501 concept pages, full-text index) from a
// full-scale FOLIO-shaped ontology, timed as a user runs it: `npm run build` in a separate process, laid out
// for each kind of host (the default, then --host github-pages), beside the API alone (`--api-only`) built
// in the same run: the goal is a whole site in about twice the API's time.
import { MACHINE, timedBuild, type TimedBuild } from './timed-build.ts';

const BUDGET_SECONDS = 40;
const BUDGET_RSS_MB = 2048;
const lines = [MACHINE];
let exceeded = false;
// Every output is kept until the end: a deleted one's files are trimmed for a minute after, slowing the next build.
const builds: TimedBuild[] = [];
const api = await timedBuild('api', ['--api-only']);
builds.push(api);
lines.push(`API alone (--api-only): ${api.seconds.toFixed(1)} s, ${api.line(/^stages: .*$/m)}`, `  ${resources(api)}`);
for (const host of ['rewriting', 'github-pages']) {
  const build = await timedBuild('site', ['--host', host]);
  builds.push(build);
  lines.push(
    `--host ${host}`,
    build.line(/^built .*$/m),
    build.line(/^wrote .*$/m),
    build.line(/^site: .*$/m),
    build.line(/^stages: .*$/m),
    build.line(/^site ready, .*$/m),
    resources(build),
    `waited ${build.waitedSeconds.toFixed(0)} s for the disk to go idle before starting`,
    `wall time: ${build.seconds.toFixed(1)} s (budget ${BUDGET_SECONDS} s), ${(build.seconds / api.seconds).toFixed(2)} × the API alone`,
  );
  exceeded ||= build.seconds > BUDGET_SECONDS || build.pagefind.treePeakRssMb > BUDGET_RSS_MB;
}
for (const build of builds) build.done();
process.stdout.write(`${lines.join('\n')}\n`);
if (exceeded) process.stdout.write('BUDGET EXCEEDED\n');

function resources(build: TimedBuild): string {
  const { pagefind } = build;
  const memory = `peak RSS ${build.peakRssMb.toFixed(0)} MB`;
  const cpu = `CPU time ${build.cpuSeconds.toFixed(1)} s (user + system, all threads and processes)`;
  return pagefind.cpuSeconds === 0
    ? `${memory}; ${cpu}`
    : `${memory}, and Pagefind's process ${pagefind.peakRssMb.toFixed(0)} MB beside it (the two peaks summed: ${(build.peakRssMb + pagefind.peakRssMb).toFixed(0)} MB; ` +
        `the most the two held at one time, sampled every 100 ms: ${pagefind.treePeakRssMb.toFixed(0)} MB, budget ${BUDGET_RSS_MB} MB); ${cpu}, of which Pagefind ${pagefind.cpuSeconds.toFixed(1)} s`;
}
