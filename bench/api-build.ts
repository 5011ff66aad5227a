// `npm run bench:api`: the static API alone (all formats, search index, openapi.json) from a full-scale
// FOLIO-shaped ontology, as a user runs it (`npm run build -- --api-only`), against the write floor
// measured in the same run.
import { join } from 'node:path';
import { waitForIdleDisk } from './disk-idle.ts';
import { MACHINE, timedBuild } from './timed-build.ts';
import { measureWriteFloor } from './write-floor.ts';

const FLOOR_FACTOR = 3;
const RSS_BUDGET_MB = 1024;
const build = await timedBuild('api', ['--api-only']);
const written = /^wrote (\d+) API files, ([\d.]+) MB/m.exec(build.stdout);
const files = Number(written?.[1] ?? 0);
const bytes = Number(written?.[2] ?? 0) * 2 ** 20;
await waitForIdleDisk();
const floor = measureWriteFloor(join(build.work, 'floor'), files, bytes);
build.done();
const lines = [
  MACHINE,
  build.line(/^built .*$/m),
  build.line(/^wrote .*$/m),
  build.line(/^stages: .*$/m),
  `peak RSS: ${build.peakRssMb.toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB)`,
  `write floor: ${files} files of ${Math.round(bytes / Math.max(files, 1))} bytes written in ${floor.toFixed(2)} s`,
  `waited ${build.waitedSeconds.toFixed(0)} s for the disk to go idle before starting`,
  `wall time: ${build.seconds.toFixed(1)} s = ${(build.seconds / floor).toFixed(1)} × the write floor (budget ${FLOOR_FACTOR} ×)`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (build.seconds > FLOOR_FACTOR * floor || build.peakRssMb > RSS_BUDGET_MB) process.stdout.write('BUDGET EXCEEDED\n');
