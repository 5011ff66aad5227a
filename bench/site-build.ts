// `npm run bench:site`: the whole site (API, search index, 18,498 concept pages, full-text index) from a
// full-scale FOLIO-shaped ontology, timed as a user runs it: `npm run build` in a separate process, laid out
// for each kind of host (the default, then --host github-pages).
import { MACHINE, timedBuild } from './timed-build.ts';

const BUDGET_SECONDS = 40;
const lines = [MACHINE];
let exceeded = false;
for (const host of ['rewriting', 'github-pages']) {
  const build = await timedBuild('site', ['--host', host]);
  build.done();
  lines.push(
    `--host ${host}`,
    build.line(/^built .*$/m),
    build.line(/^wrote .*$/m),
    build.line(/^site: .*$/m),
    build.line(/^stages: .*$/m),
    build.line(/^site stages, .*$/m),
    `peak RSS: ${build.peakRssMb.toFixed(0)} MB`,
    `waited ${build.waitedSeconds.toFixed(0)} s for the disk to go idle before starting`,
    `wall time: ${build.seconds.toFixed(1)} s (budget ${BUDGET_SECONDS} s)`,
  );
  exceeded ||= build.seconds > BUDGET_SECONDS;
}
process.stdout.write(`${lines.join('\n')}\n`);
if (exceeded) process.stdout.write('BUDGET EXCEEDED\n');
