// `npm run bench:site`: the whole site (API, search index, 18,498 concept pages, full-text index) from a
// full-scale FOLIO-shaped ontology, timed as a user runs it: `npm run build` in a separate process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { waitForIdleDisk } from './disk-idle.ts';
import { generateFolioShaped } from './folio-shaped/generate.ts';

const BUDGET_SECONDS = 40;
const work = mkdtempSync(join(tmpdir(), 'bench-site-'));
const ontology = join(work, 'folio-shaped.owl');
writeFileSync(ontology, generateFolioShaped());
const out = join(work, 'site');
const timer = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'peak-rss-kb %M'] : [];
const command = [...timer, process.execPath, 'generator/cli/build.ts', '--ontology', ontology, '--out', out];
const waited = await waitForIdleDisk();
const started = performance.now();
const run = spawnSync(command[0], command.slice(1), { encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, maxBuffer: 64 * 2 ** 20 });
const seconds = (performance.now() - started) / 1000;
rmSync(work, { recursive: true, force: true });
if (run.status !== 0) {
  process.stderr.write(`${run.stderr}\nbuild failed\n`);
  process.exit(1);
}
const pick = (pattern: RegExp, text: string) => text.match(pattern)?.[0] ?? '(not reported)';
const lines = [
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  pick(/^built .*$/m, run.stdout),
  pick(/^wrote .*$/m, run.stdout),
  pick(/^site: .*$/m, run.stdout),
  pick(/^stages: .*$/m, run.stdout),
  pick(/^site stages, .*$/m, run.stdout),
  pick(/peak-rss-kb \d+/, run.stderr).replace(/peak-rss-kb (\d+)/, (_, kb: string) => `peak RSS: ${(Number(kb) / 1024).toFixed(0)} MB`),
  `waited ${waited.toFixed(0)} s for the disk to go idle before starting`,
  `wall time: ${seconds.toFixed(1)} s (budget ${BUDGET_SECONDS} s)`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (seconds > BUDGET_SECONDS) process.stdout.write('BUDGET EXCEEDED\n');
