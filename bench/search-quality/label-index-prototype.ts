// A prototype of a static label index, measured, not served (see docs/search-quality.md, "Towards static
// indexes"): each label word lies in files chosen by hashed two-letter keys — its first two letters, and the
// keys a dropped or swapped first or second letter gives — and under its last two letters and length, for the
// one extra fetch that finds a replaced or added first letter. The busiest words' lists keep their shortest
// labels, and pairs of busy words get lists of their own. Prints the files' gzipped sizes, and the known-item
// recall in the first 3 with the fetches each query makes.
// Usage: node bench/search-quality/label-index-prototype.ts <name> <ontology> [base IRI]; CAP, BUCKETS, PER.
import { gzipSync } from 'node:zlib';
import { rankLabels, wordMatch } from '../../generator/search/core/label-rank.js';
import { codePoints, normalize } from '../../generator/search/core/search-text.js';
import { fnv1a } from '../../generator/text/fnv1a.js';
import { loadCorpus } from './corpus.ts';
import { LabelLookup } from './label-lookup.ts';
import { labelQueries } from './known-items.ts';

const BUCKETS = Number(process.env.BUCKETS ?? 4096);
// A word in more labels than this is busy: its list keeps the shortest.
const CAP = Number(process.env.CAP ?? 400);

/** A file: lists of labels by word (or by a pair of busy words, joined by a space). */
type IndexFile = Map<string, number[]>;

const wordsOf = (text: string) =>
  normalize(text)
    .split(' ')
    .filter((word) => word !== '');
const letters = (word: string, first: number, second: number) => {
  const points = codePoints(word);
  return (points[first] ?? '') + (points[second] ?? '');
};
const suffixKey = (word: string, length: number) => `s${codePoints(word).slice(-2).join('')}${length}`;
// Under these a word is found by its own first two letters, or those of a query missing its first or second letter, or with them swapped.
const storedKeys = (word: string) => [...new Set([letters(word, 0, 1), letters(word, 1, 2), letters(word, 0, 2), letters(word, 1, 0)])].map((key) => `p${key}`);
const fileOf = (key: string) => fnv1a(key) % BUCKETS;

function listOf(map: Map<string, number[]>, key: string): number[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}

const [name, file, baseIri] = process.argv.slice(2);
const corpus = await loadCorpus(name, file, baseIri);
const { labels, byWord } = new LabelLookup(corpus);
// Shortest labels first, an entity's rdfs:label before others, then by number: the ones a one-word query ranks first.
const shortestFirst = (a: number, b: number) =>
  labels[a].words.length - labels[b].words.length || Number(labels[b].primary) - Number(labels[a].primary) || a - b;
const busy = new Set([...byWord].filter(([, list]) => list.length > CAP).map(([word]) => word));

const files = new Map<number, IndexFile>();
const put = (key: string, entry: string, list: number[]) => {
  let indexFile = files.get(fileOf(key));
  if (indexFile === undefined) files.set(fileOf(key), (indexFile = new Map()));
  indexFile.set(entry, list);
};
for (const [word, all] of byWord) {
  const list = [...all].sort(shortestFirst).slice(0, CAP);
  const length = codePoints(word).length;
  for (const key of [...storedKeys(word), suffixKey(word, length), suffixKey(word, length + 1)]) put(key, word, list);
}
const pairs = new Map<string, number[]>();
labels.forEach((label, number) => {
  const busyWords = [...new Set(label.words.filter((word) => busy.has(word)))].sort();
  for (let i = 0; i < busyWords.length; i += 1) for (let j = i + 1; j < busyWords.length; j += 1) listOf(pairs, `${busyWords[i]} ${busyWords[j]}`).push(number);
});
for (const [pair, all] of pairs) put(`q${pair}`, pair, [...all].sort(shortestFirst).slice(0, CAP));

// Each list as [entity, label length × 2 + 1 for an rdfs:label]: what the score needs besides the matched words.
// IDS=1: the entity as its id (the IRI after its last / or #), which its record's URL needs, instead of a number.
const entityOf = (label: number): number | string => (process.env.IDS ? corpus.entries[labels[label].entity].iri.replace(/^.*[/#]/, '') : labels[label].entity);
const sizes = [...files.values()]
  .map(
    (indexFile) =>
      gzipSync(
        JSON.stringify(
          Object.fromEntries(
            [...indexFile].map(([key, list]) => [
              key,
              list.flatMap((label) => [entityOf(label), labels[label].words.length * 2 + Number(labels[label].primary)]),
            ]),
          ),
        ),
      ).length,
  )
  .sort((a, b) => a - b);
const percentile = (share: number) => sizes[Math.min(sizes.length - 1, Math.floor(share * sizes.length))];
process.stdout.write(
  `${name}, CAP ${CAP}: ${busy.size} busy words, ${pairs.size} busy pairs; ${files.size} of ${BUCKETS} files, gzipped median ${percentile(0.5)} B, 99th percentile ${percentile(0.99)} B, largest ${sizes[sizes.length - 1]} B, ${(sizes.reduce((total, size) => total + size, 0) / 1e6).toFixed(1)} MB in all\n`,
);

/** The labels a query reaches, and the fetches it took: one per word, and one more for busy pairs or a first-letter typo. */
function lookUp(words: string[]): { candidates: Set<number>; fetches: number } {
  const candidates = new Set<number>();
  const matchedBusy = new Set<string>();
  let fetches = 0;
  for (const queryWord of words) {
    fetches += 1;
    for (const [word, list] of files.get(fileOf(`p${letters(queryWord, 0, 1)}`)) ?? []) {
      if (word.includes(' ') || wordMatch(queryWord, word) === 0) continue;
      for (const label of list) candidates.add(label);
      if (busy.has(word)) matchedBusy.add(word);
    }
  }
  const busiest = [...matchedBusy].sort((a, b) => (byWord.get(a)?.length ?? 0) - (byWord.get(b)?.length ?? 0));
  if (busiest.length >= 2) {
    fetches += 1;
    const pair = [busiest[0], busiest[1]].sort().join(' ');
    for (const label of files.get(fileOf(`q${pair}`))?.get(pair) ?? []) candidates.add(label);
  } else if (candidates.size === 0 && words.length > 0) {
    fetches += 1;
    const first = words[0];
    for (const [word, list] of files.get(fileOf(suffixKey(first, codePoints(first).length))) ?? []) {
      if (!word.includes(' ') && wordMatch(first, word) > 0) for (const label of list) candidates.add(label);
    }
  }
  return { candidates, fetches };
}

const found = new Map<string, [number, number]>();
let overBudget = 0;
for (const item of labelQueries(corpus, Number(process.env.PER ?? 100))) {
  const words = [...new Set(wordsOf(item.query))];
  const { candidates, fetches } = lookUp(words);
  if (fetches > words.length + 1) overBudget += 1;
  const ranked = rankLabels(
    words,
    [...candidates].map((label) => labels[label]),
    3,
  ).map(([entity]) => corpus.entries[entity].iri);
  const counts = found.get(item.kind) ?? [0, 0];
  found.set(item.kind, [counts[0] + 1, counts[1] + Number(ranked.includes(item.iri))]);
}
process.stdout.write(
  `  in the first 3: ${[...found].map(([kind, [all, hits]]) => `${kind} ${((100 * hits) / all).toFixed(0)} %`).join(', ')}; queries over the fetch budget: ${overBudget}\n`,
);
