// npm run bench:search-quality — known-item queries (see known-items.ts) on FOLIO and on public vocabularies,
// answered by the live service's own method (rapidfuzz, see live_method.py) and by plain BM25 over the same
// texts: how often the entry a query was made from is the first result, in the first 3, in the first 10.
// Prints a table; records nothing (copy the figures into docs/search-quality.md with the commit).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MACHINE } from '../timed-build.ts';
import { benchCorpora } from './corpora.ts';
import { loadCorpus, type Corpus } from './corpus.ts';
import { definitionQueries, labelQueries, type KnownItem } from './known-items.ts';
import { LabelLookup } from './label-lookup.ts';
import { PlainBm25 } from './plain-bm25.ts';
import { definitionTerms } from '../../generator/search/core/definition-text.js';
import { rankDefinitions } from '../../generator/search/core/definition-rank.js';
import { definitionPostings, wholeList } from '../../generator/search/definition-postings.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PER_KIND = Number(process.env.PER_KIND ?? 100);
const LIMIT = 10;
const scratch = mkdtempSync(join(tmpdir(), 'search-quality-'));
const CORPORA = benchCorpora(scratch);

/** Each method's results for every query: entry numbers, best first. */
type Answers = Map<string, number[][]>;

interface LiveAnswers {
  label: number[][];
  definition: number[][];
}

function liveMethod(corpus: Corpus, labels: KnownItem<string>[], definitions: KnownItem<string>[]): LiveAnswers | string {
  // Without a prototype: a label may be "constructor" (WordNet has one).
  const labelIndex: Record<string, number[]> = Object.create(null);
  const alternativeIndex: Record<string, number[]> = Object.create(null);
  const add = (index: Record<string, number[]>, text: string, entry: number) => {
    index[text] ??= [];
    if (!index[text].includes(entry)) index[text].push(entry);
  };
  corpus.entries.forEach((entry, at) => {
    if (entry.label !== null) add(labelIndex, entry.label, at);
    for (const alternative of entry.alternatives) add(alternativeIndex, alternative, at);
  });
  const input = {
    label_index: labelIndex,
    alternative_index: alternativeIndex,
    definitions: corpus.entries.flatMap((entry, at) => (entry.definition === null ? [] : [[entry.definition, at]])),
    label_queries: labels.map((item) => item.query),
    definition_queries: definitions.map((item) => item.query),
    limit: LIMIT,
  };
  const run = spawnSync('python3', [join(ROOT, 'bench/search-quality/live_method.py')], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0)
    return `the live method did not run (python3 with rapidfuzz: pip install rapidfuzz): ${(run.stderr || String(run.error)).trim().split('\n').pop()}`;
  return JSON.parse(run.stdout) as LiveAnswers;
}

function rates(items: KnownItem<string>[], answers: number[][], corpus: Corpus, kind: string): string {
  const chosen = items.flatMap((item, at) => (item.kind === kind ? [{ item, found: answers[at].map((entry) => corpus.entries[entry].iri) }] : []));
  const within = (k: number) => chosen.filter(({ item, found }) => found.slice(0, k).includes(item.iri)).length / Math.max(1, chosen.length);
  return [1, 3, 10].map((k) => `${(100 * within(k)).toFixed(0).padStart(3)} %`).join('  ');
}

async function main(): Promise<void> {
  process.stdout.write(`${MACHINE}\nknown-item queries: up to ${PER_KIND} of each kind per corpus; top 1, 3 and 10 per method\n\n`);
  for (const [name, file, baseIri] of CORPORA) {
    if (!existsSync(file)) {
      process.stdout.write(`${name}: skipped (${file} is absent)\n\n`);
      continue;
    }
    const corpus = await loadCorpus(name, file, baseIri);
    const labels = labelQueries(corpus, PER_KIND);
    const definitions = definitionQueries(corpus, PER_KIND);
    const defined = corpus.entries.flatMap((entry, at) => (entry.definition === null ? [] : [{ text: entry.definition, at }]));
    const bm25 = new PlainBm25(defined.map(({ text }) => text));
    const labelAnswers: Answers = new Map();
    const definitionAnswers: Answers = new Map();
    const started = performance.now();
    const live = liveMethod(corpus, labels, definitions);
    const liveSeconds = (performance.now() - started) / 1000;
    if (typeof live !== 'string') {
      labelAnswers.set('live service (rapidfuzz WRatio)', live.label);
      definitionAnswers.set('live service (rapidfuzz partial_token_set_ratio)', live.definition);
    }
    definitionAnswers.set(
      'plain BM25',
      definitions.map((item) => bm25.search(item.query, LIMIT).map((document) => defined[document].at)),
    );
    const lookup = new LabelLookup(corpus);
    labelAnswers.set(
      'this generator (words, typos, any order)',
      labels.map((item) => lookup.search(item.query, LIMIT)),
    );
    const ours = definitionPostings(corpus.entries.map((entry) => entry.definition));
    definitionAnswers.set(
      'this generator (stems, stop words, BM25, phrases)',
      definitions.map((item) =>
        rankDefinitions(definitionTerms(item.query), (term) => wholeList(ours.postings.get(term)), ours.stats, LIMIT).map(([document]) => document),
      ),
    );
    process.stdout.write(
      `${name}: ${corpus.entries.length} classes, ${defined.length} with a definition or comment; ${labels.length} label and ${definitions.length} definition queries${typeof live === 'string' ? `; ${live}` : `; the live method took ${liveSeconds.toFixed(1)} s`}\n`,
    );
    const table = (title: string, items: KnownItem<string>[], answers: Answers) => {
      const kinds = [...new Set(items.map((item) => item.kind))];
      for (const [method, found] of answers) {
        for (const kind of kinds) process.stdout.write(`  ${title.padEnd(10)} ${kind.padEnd(28)} ${method.padEnd(50)} ${rates(items, found, corpus, kind)}\n`);
      }
    };
    table('label', labels, labelAnswers);
    table('definition', definitions, definitionAnswers);
    process.stdout.write('\n');
  }
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
