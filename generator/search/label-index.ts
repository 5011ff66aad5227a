// The label index label search reads (see core/label-lookup.js): every label word in the files its stored keys
// hash to, with the labels that hold it; the busiest words' lists cut to their shortest labels, and pairs of busy
// words listed apart. Files are named by number, so an edit rewrites only the files of the words it touches.
import { bucketOf, compareCodePoints, labelFilePath, pairKey, queryKey, splitSet, storedKeys } from './core/search-core.js';
import { beginningWords, splitBeginnings } from './label-split.ts';
import { firstInOrder } from './first-in-order.ts';
import { listOf } from './list-of.ts';
import { LocalTable, bucketCount, idRanks, type WordIndexFile } from './word-files.ts';

/** An entity as both word indexes list it: its id, and whether it is a property. */
export interface IndexedEntity {
  id: string;
  property: boolean;
}

/** One label of an entity: its normalised text, and whether it is the entity's rdfs:label. */
export interface IndexedLabel {
  normalized: string;
  primary: boolean;
}

export interface LabelIndexOptions {
  /** A word's list keeps this many labels at most, under its own key; a word in more is busy. */
  mostPerWord: number;
  /** The same list in the files of the keys a typo in its first letters gives keeps fewer. */
  mostPerVariant: number;
  /** A list of the labels holding two busy words keeps this many. */
  mostPerPair: number;
  /** Labels a key lists at most, roughly: the words of a beginning that would list more are keyed by a letter more. */
  mostPerKey: number;
  /** Labels a file lists at most, roughly: past it, typo forms' and pairs' lists are cut (see fileShares). */
  mostPerFile: number;
  /** Labels per file, roughly, that the file count aims at. */
  labelsPerFile: number;
}

export const LABEL_INDEX_DEFAULTS: LabelIndexOptions = {
  mostPerWord: 120,
  mostPerVariant: 16,
  mostPerPair: 50,
  mostPerKey: 200,
  mostPerFile: 440,
  labelsPerFile: 16,
};

interface Posting {
  entity: number;
  label: string;
  primary: boolean;
  /** The label's number of distinct words. */
  words: number;
}

/** What a label index build made: its files (only the wanted ones), its file count and busy words. */
export interface LabelIndex {
  files: WordIndexFile[];
  buckets: number;
  /** Words in more labels than a list keeps, in code point order: where they change, every file may. */
  busy: string[];
  /** The word beginnings keyed by a letter more (see splitBeginnings), in code point order: the same. */
  split: string[];
}

/**
 * The label index's files, and how many there are (label search hashes a key into that many). `wanted`, given
 * the file count and busy words, names the only files to make (undefined: all), so that an update makes only the
 * files its edit reaches; the others' words are then never listed.
 */
export function labelIndex(
  entities: readonly IndexedEntity[],
  labels: readonly (readonly IndexedLabel[])[],
  options: LabelIndexOptions = LABEL_INDEX_DEFAULTS,
  wanted?: (buckets: number, busy: readonly string[], split: readonly string[]) => ReadonlySet<number> | undefined,
): LabelIndex {
  const own = labels.map(distinctLabels);
  const counts = new Map<string, number>();
  let labelCount = 0;
  for (const texts of own) {
    labelCount += texts.length;
    for (const { words } of texts) for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const busyWords = [...counts].filter(([, count]) => count > options.mostPerWord).map(([word]) => word);
  busyWords.sort(compareCodePoints);
  const busy = new Set(busyWords);
  const buckets = bucketCount(labelCount, options.labelsPerFile);
  const split = splitBeginnings(counts, { perWord: options.mostPerWord, perVariant: options.mostPerVariant, perKey: options.mostPerKey });
  const only = wanted?.(buckets, busyWords, split);
  // Each wanted file's words, with how many of each one's labels it keeps, and its pairs.
  // Every wanted file is made, an empty one too: label search reads whichever a word's key hashes to.
  const contents = new Map(
    (only === undefined ? Array.from({ length: buckets }, (_, at) => at) : [...only].sort((a, b) => a - b)).map((bucket) => [
      bucket,
      { words: new Map<string, number>(), pairs: new Set<string>() },
    ]),
  );
  const contentOf = (bucket: number) => contents.get(bucket);
  const list = (key: string, word: string, most: number) => {
    const words = contentOf(bucketOf(key, buckets))?.words;
    if (words && (words.get(word) ?? 0) < most) words.set(word, most);
  };
  const lookup = splitSet(split);
  for (const word of counts.keys()) {
    const primary = queryKey(word, lookup);
    for (const key of storedKeys(word, lookup)) list(key, word, key === primary ? options.mostPerWord : options.mostPerVariant);
  }
  for (const [beginning, words] of beginningWords(counts, split, options.mostPerVariant, options.mostPerKey)) {
    for (const word of words) list(queryKey(beginning, lookup), word, options.mostPerVariant);
  }
  const listed = new Set<string>();
  for (const content of contents.values()) for (const word of content.words.keys()) listed.add(word);
  const byWord = new Map<string, Posting[]>();
  const pairs = new Map<string, Posting[]>();
  // Pairs recur in many labels: each one's file is worked out once, by the busy words' numbers (in code point
  // order, as busyWords is), with no text made for a pair outside the wanted files.
  const busyNumbers = new Map(busyWords.map((word, number) => [word, number]));
  const pairFiles = new Map<number, number>();
  own.forEach((texts, entity) => {
    for (const { label, primary, words } of texts) {
      // Made only for a label some wanted list holds: an update scans every label for a few files' words.
      let posting: Posting | undefined;
      const held: number[] = [];
      for (const word of words) {
        if (listed.has(word)) listOf(byWord, word).push((posting ??= { entity, label, primary, words: words.length }));
        const number = busyNumbers.get(word);
        if (number !== undefined) held.push(number);
      }
      if (held.length < 2) continue;
      held.sort((a, b) => a - b);
      for (let first = 0; first < held.length; first += 1) {
        for (let second = first + 1; second < held.length; second += 1) {
          const pairNumber = held[first] * busyWords.length + held[second];
          let bucket = pairFiles.get(pairNumber);
          if (bucket === undefined) pairFiles.set(pairNumber, (bucket = bucketOf(pairKey(`${busyWords[held[first]]} ${busyWords[held[second]]}`), buckets)));
          const content = contentOf(bucket);
          if (!content) continue;
          const pair = `${busyWords[held[first]]} ${busyWords[held[second]]}`;
          content.pairs.add(pair);
          listOf(pairs, pair).push((posting ??= { entity, label, primary, words: words.length }));
        }
      }
    }
  });
  const order = shortestFirst(entities);
  // Only a list's first labels are kept: the rest need no order.
  const firstByWord = new Map([...byWord].map(([word, list]) => [word, firstInOrder(list, options.mostPerWord, order)]));
  const firstByPair = new Map([...pairs].map(([pair, list]) => [pair, firstInOrder(list, options.mostPerPair, order)]));
  const files = [...contents].map(([bucket, content]) => {
    const table = new LocalTable(entities);
    const labelTable = new Map<string, number>();
    const encode = (list: readonly Posting[], most: number) =>
      list.slice(0, most).flatMap((posting) => [table.add(posting.entity), 2 * localLabel(labelTable, posting.label) + Number(posting.primary)]);
    const { perVariant, perPair } = fileShares(content, byWord, pairs, options);
    const words = Object.fromEntries(
      [...content.words.keys()].sort(compareCodePoints).map((word) => {
        const most = content.words.get(word) ?? 0;
        return [word, encode(firstByWord.get(word) ?? [], most < options.mostPerWord ? Math.min(most, perVariant) : most)];
      }),
    );
    const pairLists = Object.fromEntries([...content.pairs].sort(compareCodePoints).map((pair) => [pair, encode(firstByPair.get(pair) ?? [], perPair)]));
    // How many labels each busy word of the file is in: label search reads the pair of the two rarest.
    const busyCounts = Object.fromEntries(
      [...content.words.keys()]
        .filter((word) => busy.has(word))
        .sort(compareCodePoints)
        .map((word) => [word, counts.get(word) ?? 0]),
    );
    return {
      path: labelFilePath(bucket),
      body: {
        ...table.fields(buckets),
        l: [...labelTable.keys()],
        w: words,
        ...(Object.keys(busyCounts).length > 0 ? { b: busyCounts } : {}),
        ...(content.pairs.size > 0 ? { q: pairLists } : {}),
      },
    };
  });
  return { files, buckets, busy: busyWords, split };
}

/**
 * How many labels a typo form's list and a pair's list keep in this file: mostPerVariant and mostPerPair, unless
 * the file's lists would then hold more than mostPerFile labels (keys that hash together), when they share what the
 * words' own lists leave, evenly, down to a floor.
 */
function fileShares(
  content: { words: ReadonlyMap<string, number>; pairs: ReadonlySet<string> },
  byWord: ReadonlyMap<string, readonly Posting[]>,
  pairs: ReadonlyMap<string, readonly Posting[]>,
  options: LabelIndexOptions,
): { perVariant: number; perPair: number } {
  let own = 0;
  const variantLengths: number[] = [];
  const pairLengths = [...content.pairs].map((pair) => pairs.get(pair)?.length ?? 0);
  for (const [word, most] of content.words) {
    const length = Math.min(most, byWord.get(word)?.length ?? 0);
    if (most < options.mostPerWord) variantLengths.push(length);
    else own += length;
  }
  const kept = (lengths: readonly number[], most: number) => lengths.reduce((sum, length) => sum + Math.min(most, length), 0);
  const wanted = own + kept(variantLengths, options.mostPerVariant) + kept(pairLengths, options.mostPerPair);
  if (wanted <= options.mostPerFile) return { perVariant: options.mostPerVariant, perPair: options.mostPerPair };
  const left = Math.max(0, options.mostPerFile - own);
  const lists = variantLengths.length + pairLengths.length;
  const perVariant = Math.min(options.mostPerVariant, Math.max(LEAST_PER_VARIANT, Math.floor(left / lists)));
  const leftForPairs = Math.max(0, left - kept(variantLengths, perVariant));
  const perPair = Math.min(options.mostPerPair, Math.max(LEAST_PER_PAIR, Math.floor(leftForPairs / Math.max(1, pairLengths.length))));
  return { perVariant, perPair };
}

// However full its file, a typo form's list keeps this many labels at least, and a pair's list this many.
const LEAST_PER_VARIANT = 4;
const LEAST_PER_PAIR = 10;

/** An entity's labels, each text once (an rdfs:label before the same text otherwise), with their distinct words. */
function distinctLabels(labels: readonly IndexedLabel[]): { label: string; primary: boolean; words: string[] }[] {
  const seen = new Set<string>();
  const texts: { label: string; primary: boolean; words: string[] }[] = [];
  for (const { normalized, primary } of labels) {
    if (normalized === '' || seen.has(normalized)) continue;
    seen.add(normalized);
    texts.push({ label: normalized, primary, words: [...new Set(normalized.split(' '))] });
  }
  return texts;
}

/** The order a cut list keeps: fewer words first, an rdfs:label before others, then by id and label (no numbering decides it). */
function shortestFirst(entities: readonly IndexedEntity[]): (a: Posting, b: Posting) => number {
  const rank = idRanks(entities);
  return (a, b) => a.words - b.words || Number(b.primary) - Number(a.primary) || rank[a.entity] - rank[b.entity] || compareCodePoints(a.label, b.label);
}

function localLabel(table: Map<string, number>, label: string): number {
  let at = table.get(label);
  if (at === undefined) table.set(label, (at = table.size));
  return at;
}
