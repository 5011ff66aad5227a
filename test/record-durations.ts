// Writes test/durations.json from the last whole run's JSON report (test-results/vitest.json), for the
// slow-first order of test/support/slow-first-sequencer.ts: `npm run test:durations` after `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { DURATIONS_FILE } from './support/slow-first-sequencer.ts';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** A test file's path from its `test/` folder on: the report names files by absolute path, in whichever clone ran them. */
function underTest(name: string): string {
  return name.slice(name.lastIndexOf('/test/') + 1);
}

const report = JSON.parse(readFileSync(new URL('../test-results/vitest.json', import.meta.url), 'utf8')) as Report;
const durations = Object.fromEntries(
  report.testResults
    .map(({ name, startTime, endTime }) => [underTest(name), Math.round((endTime - startTime) / 100) / 10] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files' durations written to test/durations.json`);
