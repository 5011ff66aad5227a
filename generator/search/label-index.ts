// The label index label search reads (see core/label-lookup.js): every label word in the files its stored keys
// hash to, with the labels that hold it; the busiest words' lists cut to their shortest labels, and pairs of busy
// words listed apart. Files are named by number, so an edit rewrites only the files of the words it touches.
import { bucketOf, compareCodePoints, pairKey, queryKey, splitSet, storedKeys } from './core/search-core.js';
import type { SplitSet } from './core/word-layout.js';
import type { Entry, FirstLists } from './first-lists.ts';
import { labelFileRenderer, type FileContent, type LabelSource } from './label-files.ts';
import { beginningWords, patchSplit, splitBeginnings, type KeyWeights, type SplitLayout } from './label-split.ts';
import { LabelWords, distinctLabels, distinctTexts, type LabelChange, type LabelWordsMemo, type ListLengths } from './label-words.ts';
import { NumberedLists, type StoredLists } from './numbered-lists.ts';
import { bucketCount, idRanks, takeFiles, type WordFileSink, type WordIndexFile } from './word-files.ts';
import type { IndexedEntity, IndexedLabel, LabelIndexOptions, Posting } from './word-index-types.ts';

export type { IndexedEntity, IndexedLabel, LabelIndexOptions } from './word-index-types.ts';

export const LABEL_INDEX_DEFAULTS: LabelIndexOptions = {
  mostPerWord: 120,
  mostPerVariant: 16,
  mostPerPair: 50,
  mostPerKey: 200,
  mostPerFile: 440,
  labelsPerFile: 16,
};

/** What a build keeps of its label index, so that an update patches it by its edit instead of reading every label. */
export interface LabelIndexMemo {
  words: LabelWordsMemo;
  buckets: number;
  busy: string[];
  split: string[];
  /** The labels listed under each beginning splitBeginnings looked at (see SplitLayout). */
  beginnings: string[];
  sums: Int32Array;
  /** Each file's words listed under a stored key of theirs, by number in `words`. */
  keyed: StoredLists;
  /** Each file's pairs of busy words, by their places in `busy` (first * busy.length + second). */
  pairs: StoredLists;
}

/** What a label index build made: its files (only the wanted ones; none given to a sink), its file count and busy words. */
export interface LabelIndex {
  files: WordIndexFile[];
  buckets: number;
  /** Words in more labels than a list keeps, in code point order: where they change, every file may. */
  busy: string[];
  /** The word beginnings keyed by a letter more (see splitBeginnings), in code point order: the same. */
  split: string[];
  memo: LabelIndexMemo;
}

/** The previous build's label index, the entities whose labels changed since, and which files an unchanged layout needs. */
export interface LabelUpdate {
  memo: LabelIndexMemo;
  changes: readonly LabelChange[];
  /** Each entity's number now by its number then (-1: removed); absent when none moved. */
  renumber?: Int32Array;
  /**
   * The files to make, given the file count, busy words and split beginnings (as the previous build's), and the words
   * and pairs whose lists a file shows otherwise since: the files of their keys, at least (of a word's own key alone
   * where its first mostPerVariant labels, all its other keys' files show, are as they were: not in `asVariants`).
   */
  wanted: (
    buckets: number,
    busy: readonly string[],
    split: readonly string[],
    shownOtherwise: { words: readonly string[]; asVariants: ReadonlySet<string>; pairs: readonly string[] },
  ) => ReadonlySet<number>;
}

/**
 * The label index's files, and how many there are (label search hashes a key into that many). Given an update
 * whose edit leaves the file count, busy words and split beginnings as they were, only the wanted files are made,
 * from the previous build's memo patched by the changes; otherwise every file, from every label.
 */
export function labelIndex(
  entities: readonly IndexedEntity[],
  labels: (entity: number) => readonly IndexedLabel[],
  options: LabelIndexOptions = LABEL_INDEX_DEFAULTS,
  update?: LabelUpdate,
  sink?: WordFileSink,
): LabelIndex {
  return (update && patchedIndex(entities, labels, options, update, sink)) ?? wholeIndex(entities, labels, options, sink);
}

function wholeIndex(
  entities: readonly IndexedEntity[],
  labels: (entity: number) => readonly IndexedLabel[],
  options: LabelIndexOptions,
  sink?: WordFileSink,
): LabelIndex {
  const texts = entities.map((_, entity) => distinctLabels(labels(entity)));
  let busyWords: string[] = [];
  const words = LabelWords.count(texts, idRanks(entities), lengthsOf(options), (lists) => {
    busyWords = busyOf(lists, options);
    return new Set(busyWords);
  });
  const counts = countsOf(words);
  const buckets = bucketCount(words.labelCount, options.labelsPerFile);
  const layout = splitBeginnings(counts, weightsOf(options));
  const lookup = splitSet(layout.split);
  const contents = Array.from({ length: buckets }, (): FileContent => ({ words: new Map(), pairs: [] }));
  const keyed = contents.map((): number[] => []);
  words.words.keys.forEach((word, number) =>
    eachStoredKey(word, lookup, buckets, options, (bucket, most) => {
      if (!contents[bucket].words.has(word)) keyed[bucket].push(number);
      raise(contents[bucket].words, word, most);
    }),
  );
  for (const [beginning, listed] of beginningWords(words.words.keys, words.words.counts, layout.split, options.mostPerVariant, options.mostPerKey)) {
    for (const word of listed) raise(contents[bucketOf(queryKey(beginning, lookup), buckets)].words, word, options.mostPerVariant);
  }
  const pairs = contents.map((): number[] => []);
  words.pairs.keys.forEach((pair, number) => {
    const bucket = bucketOf(pairKey(pair), buckets);
    pairs[bucket].push(number);
    contents[bucket].pairs.push(pair);
  });
  const render = labelFileRenderer(sourceOf(entities, words, busyWords), buckets, options);
  const { take, files } = takeFiles(sink, { buckets, split: layout.split });
  contents.forEach((content, bucket) => take(render(bucket, content)));
  return {
    files,
    buckets,
    busy: busyWords,
    split: layout.split,
    memo: memoOf(words, buckets, busyWords, layout, NumberedLists.of(keyed), NumberedLists.of(pairs)),
  };
}

function patchedIndex(
  entities: readonly IndexedEntity[],
  labels: (entity: number) => readonly IndexedLabel[],
  options: LabelIndexOptions,
  update: LabelUpdate,
  sink?: WordFileSink,
): LabelIndex | undefined {
  const { memo } = update;
  const texts = new Map<number, string[]>();
  const labelOf = (entity: number, place: number) => {
    let own = texts.get(entity);
    if (own === undefined) texts.set(entity, (own = distinctTexts(labels(entity))));
    return own[place];
  };
  const { words, changed, shownOtherwise, shownOtherwiseAsVariant } = LabelWords.patched(
    memo.words,
    update.changes,
    entities,
    lengthsOf(options),
    labelOf,
    update.renumber,
  );
  const busyWords = busyOf(words.words, options);
  const buckets = bucketCount(words.labelCount, options.labelsPerFile);
  if (buckets !== memo.buckets || !sameWords(busyWords, memo.busy)) return undefined;
  const busy = new Set(busyWords);
  const pairsShownOtherwise = words.patchPairs(update.changes, busy);
  if (!words.stillFirst()) return undefined;
  const layout = patchSplit(
    { split: memo.split, sums: new Map(memo.beginnings.map((beginning, at) => [beginning, memo.sums[at]])) },
    changed,
    weightsOf(options),
  );
  if (!layout || !sameWords(layout.split, memo.split)) return undefined;
  const lookup = splitSet(layout.split);
  const keyed = new NumberedLists(memo.keyed);
  // A word no label held joins its files; a word no label holds any more leaves them.
  for (const [word, was, is] of changed) {
    const number = words.words.numberOf(word);
    if ((was === 0) === (is === 0) || number === undefined) continue;
    for (const key of storedKeys(word, lookup)) {
      if (is === 0) keyed.remove(bucketOf(key, buckets), number);
      else keyed.add(bucketOf(key, buckets), number);
    }
  }
  // Likewise a pair some label holds, or none now.
  const pairs = new NumberedLists(memo.pairs);
  for (const pair of pairsShownOtherwise) {
    const number = words.pairs.numberOf(pair);
    if (number === undefined) continue;
    if (words.pairs.countOf(pair) > 0) pairs.add(bucketOf(pairKey(pair), buckets), number);
    else pairs.remove(bucketOf(pairKey(pair), buckets), number);
  }
  const wanted = [
    ...update.wanted(buckets, busyWords, layout.split, { words: shownOtherwise, asVariants: new Set(shownOtherwiseAsVariant), pairs: pairsShownOtherwise }),
  ].sort((a, b) => a - b);
  const contents = new Map(wanted.map((bucket): [number, FileContent] => [bucket, { words: new Map(), pairs: [] }]));
  for (const [bucket, content] of contents) {
    // A word is keyed in a file where some stored key of it lies: its whole list where its own key does, as eachStoredKey raises it.
    for (const number of keyed.get(bucket)) {
      const word = words.words.keys[number];
      raise(content.words, word, keyWeight(bucketOf(queryKey(word, lookup), buckets) === bucket, options));
    }
    for (const number of pairs.get(bucket)) content.pairs.push(words.pairs.keys[number]);
  }
  // The commonest words of the split beginnings whose own key is in a wanted file.
  const fileOf = (beginning: string) => contents.get(bucketOf(queryKey(beginning, lookup), buckets));
  const shown = new Set(layout.split.filter((beginning) => fileOf(beginning) !== undefined));
  const listed = shown.size === 0 ? [] : beginningWords(words.words.keys, words.words.counts, layout.split, options.mostPerVariant, options.mostPerKey, shown);
  for (const [beginning, commonest] of listed) {
    const content = fileOf(beginning);
    for (const word of commonest) if (content) raise(content.words, word, options.mostPerVariant);
  }
  const render = labelFileRenderer(sourceOf(entities, words, busyWords), buckets, options);
  const { take, files } = takeFiles(sink, { buckets, split: layout.split });
  for (const [bucket, content] of contents) take(render(bucket, content));
  return { files, buckets, busy: busyWords, split: layout.split, memo: memoOf(words, buckets, busyWords, layout, keyed.toStored(), pairs.toStored()) };
}

/** What the files list, from the words' and pairs' lists. */
function sourceOf(entities: readonly IndexedEntity[], words: LabelWords, busyWords: readonly string[]): LabelSource {
  // A word is listed in the files of each of its keys: its postings are made once, as far as a file lists them.
  const made = new Map<string, { entries: readonly Entry[]; postings: Posting[] }>();
  const postings = (key: string, list: () => readonly Entry[], most: number) => {
    let listed = made.get(key);
    if (listed === undefined) made.set(key, (listed = { entries: list(), postings: [] }));
    const { entries, postings: done } = listed;
    for (let at = done.length; at < Math.min(most, entries.length); at += 1) done.push(words.postingOf(entries[at]));
    return done;
  };
  return {
    entities,
    wordFirsts: (word, most) => postings(`w${word}`, () => words.words.first(word), most),
    pairFirsts: (pair, most) => postings(`q${pair}`, () => words.pairs.first(pair), most),
    countOf: (word) => words.words.countOf(word),
    pairCountOf: (pair) => words.pairs.countOf(pair),
    busy: new Set(busyWords),
  };
}

function memoOf(words: LabelWords, buckets: number, busy: string[], layout: SplitLayout, keyed: StoredLists, pairs: StoredLists): LabelIndexMemo {
  return {
    words: words.toMemo(),
    buckets,
    busy,
    split: layout.split,
    beginnings: [...layout.sums.keys()],
    sums: Int32Array.from(layout.sums.values()),
    keyed,
    pairs,
  };
}

function lengthsOf(options: LabelIndexOptions): ListLengths {
  return { perWord: options.mostPerWord, perPair: options.mostPerPair, perVariant: options.mostPerVariant };
}

/** Words in more labels than a list keeps, in code point order. */
function busyOf(words: FirstLists, options: LabelIndexOptions): string[] {
  return words.keys.filter((_, number) => words.counts[number] > options.mostPerWord).sort(compareCodePoints);
}

function weightsOf(options: LabelIndexOptions): KeyWeights {
  return { perWord: options.mostPerWord, perVariant: options.mostPerVariant, perKey: options.mostPerKey };
}

/** Each file a word's stored keys hash to, with how many of its labels the key lists: all its list under its own key, fewer under a typo form's. */
function eachStoredKey(word: string, lookup: SplitSet, buckets: number, options: LabelIndexOptions, key: (bucket: number, most: number) => void): void {
  const primary = queryKey(word, lookup);
  for (const stored of storedKeys(word, lookup)) key(bucketOf(stored, buckets), keyWeight(stored === primary, options));
}

/** How many of a word's labels a key of it lists at most: all its list under its own key, fewer under a typo form's. */
function keyWeight(own: boolean, options: LabelIndexOptions): number {
  return own ? options.mostPerWord : options.mostPerVariant;
}

/** Each word's label count, by word. */
function countsOf(words: LabelWords): Map<string, number> {
  return new Map(words.words.keys.map((word, number) => [word, words.words.counts[number]]));
}

function raise(words: Map<string, number>, word: string, most: number): void {
  if ((words.get(word) ?? 0) < most) words.set(word, most);
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, at) => word === b[at]);
}
