// Label and definition search through the exact URLs a client calls, on Cloudflare's own runtime: each bench
// corpus built as `npm run build -- --api-only` does, served by `wrangler pages dev`, and the known-item queries
// of cli.ts (the same seed and count, so its live-service and plain-BM25 columns are over the same queries) sent
// as GET /search/label?query=…&limit=3 and GET /search/definition?query=…&limit=10. Prints how often the class
// is among the results (first result in brackets), and every answer that was not a 200 with JSON.
// Usage: node bench/search-quality/over-wrangler.ts; PER: queries of each kind per corpus (100).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWranglerPages } from '../../test/support/wrangler.ts';
import { benchCorpora } from './corpora.ts';
import { loadCorpus } from './corpus.ts';
import { definitionQueries, labelQueries, type KnownItem } from './known-items.ts';

const BUILD = fileURLToPath(new URL('../../generator/cli/build.js', import.meta.url));
const per = Number(process.env.PER ?? 100);
// Requests in flight at once: the local runtime answers one at a time per connection.
const PARALLEL = 8;

interface Answer {
  results?: [{ iri?: string }, number][];
}

async function score(name: string, file: string, scratch: string, baseIri?: string): Promise<void> {
  const corpus = await loadCorpus(name, file, baseIri);
  const out = join(scratch, name.replace(/\W+/g, '-'));
  const build = spawnSync(process.execPath, [BUILD, '--ontology', file, '--out', out, '--api-only', ...(baseIri ? ['--base-iri', baseIri] : [])], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the build of ${name} failed:\n${build.stdout}${build.stderr}`);
  const server = await startWranglerPages(out);
  try {
    process.stdout.write(`${name}:\n`);
    for (const [kind, items, depth] of [
      ['label', labelQueries(corpus, per), 3],
      ['definition', definitionQueries(corpus, per), 10],
    ] as const) {
      const found = new Map<string, { all: number; top: number; first: number }>();
      const failures: string[] = [];
      const started = performance.now();
      await inTurns(items, async (item: KnownItem<string>) => {
        const url = `${server.baseUrl}/search/${kind}?query=${encodeURIComponent(item.query)}&limit=${depth}`;
        const response = await fetch(url);
        const text = await response.text();
        let answer: Answer = {};
        try {
          answer = JSON.parse(text) as Answer;
        } catch {
          failures.push(`${response.status} for ${url}: ${text.slice(0, 80)}`);
        }
        if (response.status !== 200) failures.push(`${response.status} for ${url}`);
        const iris = (answer.results ?? []).map(([record]) => record.iri);
        const counts = found.get(item.kind) ?? { all: 0, top: 0, first: 0 };
        counts.all += 1;
        counts.top += Number(iris.includes(item.iri));
        counts.first += Number(iris[0] === item.iri);
        found.set(item.kind, counts);
      });
      const seconds = (performance.now() - started) / 1000;
      const rows = [...found].map(([of, { all, top, first }]) => `${of} ${percent(top, all)} (${percent(first, all)})`);
      process.stdout.write(`  ${kind}, in the first ${depth}: ${rows.join(', ')}; ${items.length} requests in ${seconds.toFixed(1)} s\n`);
      for (const failure of failures.slice(0, 5)) process.stdout.write(`    NOT ANSWERED: ${failure}\n`);
      if (failures.length > 0) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

function percent(part: number, all: number): string {
  return `${all === 0 ? 0 : Math.round((100 * part) / all)} %`;
}

/** Runs `work` over the items, PARALLEL at a time. */
async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

const scratch = mkdtempSync(join(tmpdir(), 'over-wrangler-'));
try {
  for (const [name, file, baseIri] of benchCorpora(scratch)) if (existsSync(file)) await score(name, file, scratch, baseIri);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
