// The definition index definition search reads (see core/definition-lookup.js): each stem's postings in the file
// its key hashes to, with its document frequency; the longest lists cut in an order no other entity's edit changes.
import { bucketOf, compareCodePoints, definitionFilePath, stemKey, type DefinitionPosting } from './core/search-core.js';
import { DefinitionStems, type DefinitionChange, type DefinitionStemsMemo, type StemLists } from './definition-stems.ts';
import type { FirstLists } from './first-lists.ts';
import type { IndexedEntity } from './word-index-types.ts';
import { LocalTable, bucketCount, idRanks, takeFiles, type WordFileSink, type WordIndexFile } from './word-files.ts';

/** A stem's list keeps this many documents at most: those it weighs most in (it more often, in a shorter text). */
export const MOST_DOCUMENTS_PER_STEM = 200;
// A build keeps this many of each stem's postings, so that an update that takes some away still has the first 200.
const STORED_PER_STEM = 256;
// A file's lists keep this many postings in all, but never fewer than LEAST_DOCUMENTS_PER_STEM each: four lists of
// 200 (stems that hash together) would make a file over 16 kB gzipped (600 did too, with the postings' neighbours).
const MOST_POSTINGS_PER_FILE = 500;
const LEAST_DOCUMENTS_PER_STEM = 100;
// The file count aims at about this many kept postings per file, and at most two files per stem: where every stem
// is common (a small vocabulary), two long lists then seldom share a file.
const POSTINGS_PER_FILE = 64;
const STEMS_PER_FILE = 0.5;

/** What a build keeps of its definition index, so that an update patches it by its edit. */
export interface DefinitionIndexMemo {
  stems: DefinitionStemsMemo;
  buckets: number;
  /** Each stem's file, by stem number. */
  stemBuckets: Int32Array;
}

export interface DefinitionIndex {
  /** Only the wanted ones (none given to a sink). */
  files: WordIndexFile[];
  buckets: number;
  /** Documents (entities with a defining text that has a term), and their mean length in terms. */
  count: number;
  averageLength: number;
  memo: DefinitionIndexMemo;
}

/** The previous build's definition index, the entities whose defining text changed since, and which files an unchanged file count needs. */
export interface DefinitionUpdate {
  memo: DefinitionIndexMemo;
  changes: readonly DefinitionChange[];
  /** Each entity's number now by its number then (-1: removed); absent when none moved. */
  renumber?: Int32Array;
  wanted: (buckets: number) => ReadonlySet<number>;
}

/**
 * The definition index's files, from each entity's terms (see definingTerms: stems joined by spaces, '' for none).
 * Given an update whose edit leaves the file count as it was, only the wanted files are made, from the previous
 * build's memo patched by the changes; otherwise every file, from every definition.
 */
export function definitionIndex(
  entities: readonly IndexedEntity[],
  terms: () => readonly string[],
  update?: DefinitionUpdate,
  sink?: WordFileSink,
): DefinitionIndex {
  // The terms are gathered only for a whole index: an update's kept entities keep theirs in the memo, undecoded.
  return (update && patchedIndex(entities, update, sink)) ?? wholeIndex(entities, terms(), sink);
}

function wholeIndex(entities: readonly IndexedEntity[], terms: readonly string[], sink?: WordFileSink): DefinitionIndex {
  const stems = DefinitionStems.count(terms, listsOf(impactOrder(entities, idRanks(entities))));
  const buckets = bucketsOf(stems.lists);
  const stemBuckets = Int32Array.from(stems.lists.keys, (stem) => bucketOf(stemKey(stem), buckets));
  return indexOf(
    entities,
    stems,
    buckets,
    stemBuckets,
    Array.from({ length: buckets }, (_, bucket) => bucket),
    sink,
  );
}

function patchedIndex(entities: readonly IndexedEntity[], update: DefinitionUpdate, sink?: WordFileSink): DefinitionIndex | undefined {
  const { memo } = update;
  const stems = DefinitionStems.patched(memo.stems, update.changes, listsOf(impactOrder(entities)), update.renumber);
  if (!stems) return undefined;
  const { keys } = stems.lists;
  const buckets = bucketsOf(stems.lists);
  if (buckets !== memo.buckets) return undefined;
  const stemBuckets = new Int32Array(keys.length);
  stemBuckets.set(memo.stemBuckets);
  for (let stem = memo.stemBuckets.length; stem < keys.length; stem += 1) stemBuckets[stem] = bucketOf(stemKey(keys[stem]), buckets);
  return indexOf(entities, stems, buckets, stemBuckets, [...update.wanted(buckets)], sink);
}

/** The file count: about POSTINGS_PER_FILE kept postings per file, and at most 1 / STEMS_PER_FILE files per stem. */
function bucketsOf(lists: FirstLists): number {
  let held = 0;
  let kept = 0;
  for (const frequency of lists.counts) {
    if (frequency === 0) continue;
    held += 1;
    kept += Math.min(MOST_DOCUMENTS_PER_STEM, frequency);
  }
  return Math.min(bucketCount(held, STEMS_PER_FILE), bucketCount(kept, POSTINGS_PER_FILE));
}

function indexOf(
  entities: readonly IndexedEntity[],
  stems: DefinitionStems,
  buckets: number,
  stemBuckets: Int32Array,
  wanted: readonly number[],
  sink: WordFileSink | undefined,
): DefinitionIndex {
  // Every wanted file is made, an empty one too: definition search reads whichever a term hashes to.
  const held = new Map<number, string[]>([...wanted].sort((a, b) => a - b).map((bucket) => [bucket, []]));
  const { lists } = stems;
  lists.keys.forEach((stem, number) => {
    if (lists.counts[number] > 0) held.get(stemBuckets[number])?.push(stem);
  });
  const { take, files } = takeFiles(sink, { buckets });
  for (const [bucket, own] of held) {
    own.sort(compareCodePoints);
    const table = new LocalTable(entities);
    // Where several long lists share a file, each keeps its share of the file's postings.
    const most = Math.min(MOST_DOCUMENTS_PER_STEM, Math.max(LEAST_DOCUMENTS_PER_STEM, Math.floor(MOST_POSTINGS_PER_FILE / Math.max(1, own.length))));
    const stemLists = Object.fromEntries(
      own.map((stem) => {
        const cut = lists
          .first(stem)
          .slice(0, most)
          .map((posting) => [table.add(posting[0]), ...posting.slice(1)]);
        return [stem, [lists.countOf(stem), ...cut]];
      }),
    );
    take({ path: definitionFilePath(bucket), body: { ...table.fields(buckets), t: stemLists } });
  }
  const { count, total } = stems;
  // Rounded, so the entry's bytes do not hang on the last bits of a division.
  const averageLength = count === 0 ? 0 : Math.round((total / count) * 10000) / 10000;
  return { files, buckets, count, averageLength, memo: { stems: stems.toMemo(), buckets, stemBuckets } };
}

function listsOf(order: (a: DefinitionPosting, b: DefinitionPosting) => number): StemLists {
  return { order, needed: MOST_DOCUMENTS_PER_STEM, kept: STORED_PER_STEM };
}

/** A list's order: the documents a stem weighs most in first (more often, then shorter), then by id (`rank`, where a whole build has it). */
function impactOrder(entities: readonly IndexedEntity[], rank?: Int32Array): (a: DefinitionPosting, b: DefinitionPosting) => number {
  const byId = rank ? (a: number, b: number) => rank[a] - rank[b] : (a: number, b: number) => compareCodePoints(entities[a].id, entities[b].id);
  return (a, b) => b[2] - a[2] || a[1] - b[1] || byId(a[0], b[0]);
}
