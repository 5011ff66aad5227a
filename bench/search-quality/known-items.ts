// Known-item queries: each is made from one entry's own text, so the right answer is that entry. Every choice
// comes from one seeded PRNG, so the same corpus and seed give the same queries.
import { Rng } from '../folio-shaped/rng.ts';
import type { Corpus, CorpusEntry } from './corpus.ts';

export type LabelQueryKind = 'lower-cased' | 'one typo' | 'words reordered' | 'alternative or translation';
export type DefinitionQueryKind = 'consecutive words' | 'one inflection changed';

export interface KnownItem<Kind extends string> {
  kind: Kind;
  query: string;
  /** The entry it was made from. */
  iri: string;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const WORD = /[\p{L}\p{N}]+/gu;

/** Up to `perKind` queries of each kind, from entries picked at random (an entry that cannot make a kind is skipped). */
export function labelQueries(corpus: Corpus, perKind: number, seed = 1): KnownItem<LabelQueryKind>[] {
  const rng = new Rng(seed);
  const makers: [LabelQueryKind, (entry: CorpusEntry) => string | undefined][] = [
    ['lower-cased', (entry) => entry.label?.toLowerCase()],
    ['one typo', (entry) => (entry.label === null ? undefined : withTypo(rng, entry.label))],
    ['words reordered', (entry) => (entry.label === null ? undefined : reordered(rng, entry.label))],
    ['alternative or translation', (entry) => (entry.alternatives.length > 0 ? rng.pick(entry.alternatives) : undefined)],
  ];
  return makers.flatMap(([kind, make]) => pick(rng, corpus.entries, perKind, make).map(([entry, query]) => ({ kind, query, iri: entry.iri })));
}

/** Up to `perKind` queries of each kind from entries with a definition: a few consecutive words of it, as they are or with one word inflected otherwise. */
export function definitionQueries(corpus: Corpus, perKind: number, seed = 1): KnownItem<DefinitionQueryKind>[] {
  const rng = new Rng(seed);
  const defined = corpus.entries.filter((entry) => entry.definition !== null);
  const makers: [DefinitionQueryKind, (entry: CorpusEntry) => string | undefined][] = [
    ['consecutive words', (entry) => consecutiveWords(rng, entry.definition ?? '')?.join(' ')],
    [
      'one inflection changed',
      (entry) => {
        const words = consecutiveWords(rng, entry.definition ?? '') ?? [];
        const inflectable = words.flatMap((word, index) => (/^\p{L}{4,}$/u.test(word) ? [index] : []));
        if (inflectable.length === 0) return undefined;
        const at = rng.pick(inflectable);
        return words.map((word, index) => (index === at ? inflected(word) : word)).join(' ');
      },
    ],
  ];
  return makers.flatMap(([kind, make]) => pick(rng, defined, perKind, make).map(([entry, query]) => ({ kind, query, iri: entry.iri })));
}

function pick(rng: Rng, entries: readonly CorpusEntry[], count: number, make: (entry: CorpusEntry) => string | undefined): [CorpusEntry, string][] {
  const order = entries.map((_, at) => at);
  // Fisher–Yates, so each entry is asked about at most once per kind.
  for (let at = order.length - 1; at > 0; at -= 1) {
    const other = rng.int(at + 1);
    [order[at], order[other]] = [order[other], order[at]];
  }
  const made: [CorpusEntry, string][] = [];
  for (const at of order) {
    if (made.length === count) break;
    const query = make(entries[at]);
    if (query !== undefined && query.trim().length >= 2) made.push([entries[at], query]);
  }
  return made;
}

/** One edit (a letter replaced, dropped, added, or two swapped) in a word of 4 or more letters, anywhere in it, its first letters included. */
function withTypo(rng: Rng, label: string): string | undefined {
  const words = [...label.matchAll(WORD)].filter((match) => [...match[0]].length >= 4);
  if (words.length === 0) return undefined;
  const word = rng.pick(words);
  const letters = [...word[0].toLowerCase()];
  const at = rng.int(letters.length);
  const letter = LETTERS[rng.int(LETTERS.length)];
  const edit = rng.int(4);
  if (edit === 0) letters[at] = letter === letters[at] ? LETTERS[(LETTERS.indexOf(letter) + 1) % LETTERS.length] : letter;
  else if (edit === 1) letters.splice(at, 1);
  else if (edit === 2) letters.splice(at, 0, letter);
  else if (at + 1 < letters.length && letters[at] !== letters[at + 1]) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  else letters.splice(at, 1);
  const start = word.index ?? 0;
  return (label.slice(0, start) + letters.join('') + label.slice(start + word[0].length)).toLowerCase();
}

/** The label's words in another order (labels of one word cannot make one). */
function reordered(rng: Rng, label: string): string | undefined {
  const words = label.toLowerCase().match(WORD) ?? [];
  if (words.length < 2) return undefined;
  const turn = 1 + rng.int(words.length - 1);
  return [...words.slice(turn), ...words.slice(0, turn)].join(' ');
}

/** Four to eight consecutive words of a text, from a random place. */
function consecutiveWords(rng: Rng, text: string): string[] | undefined {
  const words = text.match(WORD) ?? [];
  if (words.length < 4) return undefined;
  const length = Math.min(words.length, rng.between(4, 8));
  const start = rng.int(words.length - length + 1);
  return words.slice(start, start + length);
}

/** The word in another inflection: a plural made singular or the other way, a past tense or gerund made plain. */
function inflected(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/ing$/.test(word) && word.length > 5) return word.slice(0, -3);
  if (/ed$/.test(word) && word.length > 4) return word.slice(0, -2);
  if (/(ss|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/s$/.test(word)) return word.slice(0, -1);
  if (/y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}
