// Label and definition search as served: the build's label and definition indexes made in memory, the bench's
// known-item queries answered by the search core's own look-ups over those files, and every file a query reads
// measured. Prints recall (label: first 3, definition: first 10), the files fetched per query, and the 99th
// percentile of their gzipped sizes over the queries.
// Usage: node bench/search-quality/served-indexes.ts [<name> <ontology> [base IRI]] (no arguments: every bench
// corpus, as npm run bench:search-quality runs it); PER: queries of each kind per corpus (100).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadOntology } from '../../generator/load/load-ontology.ts';
import { buildModel } from '../../generator/model/build-model.ts';
import { searchDefinitionWith, searchLabelWith } from '../../generator/search/core/search-core.js';
import { searchSource } from '../../generator/search/search-entities.ts';
import { emitWordIndexes } from '../../generator/search/word-indexes.ts';
import { benchCorpora } from './corpora.ts';
import { loadCorpus } from './corpus.ts';
import { definitionQueries, labelQueries } from './known-items.ts';

const per = Number(process.env.PER ?? 100);
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;

async function measure(name: string, file: string, baseIri?: string): Promise<void> {
  const corpus = await loadCorpus(name, file, baseIri);
  const model = buildModel((await loadOntology(file)).quads, baseIri === undefined ? {} : { baseIri });
  const started = performance.now();
  const output = emitWordIndexes(searchSource(model), 16 * 1024);
  const seconds = (performance.now() - started) / 1000;
  const files = new Map(output.files.map((one) => [one.path.replace(/^search\//, ''), one.contents]));
  const gzipped = new Map<string, number>();
  const sizeOf = (path: string) => {
    let size = gzipped.get(path);
    if (size === undefined) gzipped.set(path, (size = gzipSync(files.get(path) ?? '').length));
    return size;
  };
  process.stdout.write(`${name}: ${files.size} files made in ${seconds.toFixed(2)} s\n`);

  for (const [kind, items, search, depth] of [
    ['label', labelQueries(corpus, per), searchLabelWith, 3],
    ['definition', definitionQueries(corpus, per), searchDefinitionWith, 10],
  ] as const) {
    const found = new Map<string, [number, number]>();
    const fetches: number[] = [];
    const largest: number[] = [];
    for (const item of items) {
      const read: string[] = [];
      const reader = (path: string) => {
        read.push(path);
        const text = files.get(path);
        if (text === undefined) throw new Error(`no file ${path}`);
        return JSON.parse(text) as unknown;
      };
      const answer = await search(
        item.query,
        depth,
        reader,
        () => reader,
        (id: string) => ({ iri: model.baseIri + id }),
      );
      const iris = answer.results.map(([record]) => (record as { iri: string }).iri);
      const counts = found.get(item.kind) ?? [0, 0];
      found.set(item.kind, [counts[0] + 1, counts[1] + Number(iris.includes(item.iri))]);
      // A file read twice (two words in one file) is fetched once: the client caches its fetches.
      const indexFiles = [...new Set(read)].filter((path) => path !== 'words.json');
      fetches.push(indexFiles.length);
      largest.push(...indexFiles.map(sizeOf));
    }
    process.stdout.write(
      `  ${kind}, in the first ${depth}: ${[...found].map(([of, [all, hits]]) => `${of} ${((100 * hits) / all).toFixed(0)} %`).join(', ')}; index files per query: at most ${Math.max(...fetches)}; fetched files gzipped: median ${percentile(largest, 0.5)} B, 99th percentile ${percentile(largest, 0.99)} B, largest ${Math.max(...largest)} B\n`,
    );
  }
}

const [name, file, baseIri] = process.argv.slice(2);
if (name !== undefined && file !== undefined) await measure(name, file, baseIri);
else {
  const scratch = mkdtempSync(join(tmpdir(), 'served-indexes-'));
  try {
    for (const [corpus, path, base] of benchCorpora(scratch)) if (existsSync(path)) await measure(corpus, path, base);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
