// The definition index definition search reads (see core/definition-lookup.js): each stem's postings in the file
// its key hashes to, with its document frequency; the longest lists cut in an order no other entity's edit changes.
import { bucketOf, compareCodePoints, definitionFilePath, stemKey, type DefinitionPosting } from './core/search-core.js';
import type { IndexedEntity } from './label-index.ts';
import { addPostings } from './definition-postings.ts';
import { firstInOrder } from './first-in-order.ts';
import { LocalTable, bucketCount, idRanks, type WordIndexFile } from './word-files.ts';

/** A stem's list keeps this many documents at most: those it weighs most in (it more often, in a shorter text). */
export const MOST_DOCUMENTS_PER_STEM = 200;
// A file's lists keep this many postings in all, but never fewer than LEAST_DOCUMENTS_PER_STEM each: four lists of
// 200 (stems that hash together) would make a file over 16 kB gzipped.
const MOST_POSTINGS_PER_FILE = 600;
const LEAST_DOCUMENTS_PER_STEM = 100;
// The file count aims at about this many kept postings per file, and at most two files per stem: where every stem
// is common (a small vocabulary), two long lists then seldom share a file.
const POSTINGS_PER_FILE = 64;
const STEMS_PER_FILE = 0.5;
// Positions a posting keeps of a stem in its document: enough to find a phrase near the start.
const KEPT_POSITIONS = 4;

export interface DefinitionIndex {
  /** Only the wanted ones. */
  files: WordIndexFile[];
  buckets: number;
  /** Documents (entities with a defining text that has a term), and their mean length in terms. */
  count: number;
  averageLength: number;
}

/**
 * The definition index's files, from each entity's terms (see definingTerms: stems joined by spaces, '' for none).
 * `wanted`, given the file count, names the only files to make (undefined: all), as labelIndex's does.
 */
export function definitionIndex(
  entities: readonly IndexedEntity[],
  terms: readonly string[],
  wanted?: (buckets: number) => ReadonlySet<number> | undefined,
): DefinitionIndex {
  const documents = terms.map((joined) => (joined === '' ? [] : joined.split(' ')));
  // Each stem's number of documents.
  const frequencies = new Map<string, number>();
  let count = 0;
  let total = 0;
  for (const document of documents) {
    if (document.length === 0) continue;
    count += 1;
    total += document.length;
    for (const stem of new Set(document)) frequencies.set(stem, (frequencies.get(stem) ?? 0) + 1);
  }
  const kept = [...frequencies.values()].reduce((sum, frequency) => sum + Math.min(MOST_DOCUMENTS_PER_STEM, frequency), 0);
  const buckets = Math.min(bucketCount(frequencies.size, STEMS_PER_FILE), bucketCount(kept, POSTINGS_PER_FILE));
  const only = wanted?.(buckets);
  // Every wanted file is made, an empty one too: definition search reads whichever a term hashes to.
  const held = new Map<number, string[]>((only === undefined ? Array.from({ length: buckets }, (_, at) => at) : [...only]).map((bucket) => [bucket, []]));
  for (const stem of [...frequencies.keys()].sort(compareCodePoints)) {
    const bucket = bucketOf(stemKey(stem), buckets);
    held.get(bucket)?.push(stem);
  }
  const listed = new Set([...held.values()].flat());
  const postings = new Map<string, DefinitionPosting[]>();
  documents.forEach((document, number) => addPostings(postings, number, document, KEPT_POSITIONS, listed));
  const rank = idRanks(entities);
  const byImpact = (a: DefinitionPosting, b: DefinitionPosting) => b[2] - a[2] || a[1] - b[1] || rank[a[0]] - rank[b[0]];
  // Only a list's first MOST_DOCUMENTS_PER_STEM are kept: the rest need no order.
  const firsts = new Map([...postings].map(([stem, list]) => [stem, firstInOrder(list, MOST_DOCUMENTS_PER_STEM, byImpact)]));
  const files = [...held]
    .sort(([a], [b]) => a - b)
    .map(([bucket, own]) => {
      const table = new LocalTable(entities);
      // Where several long lists share a file, each keeps its share of the file's postings.
      const most = Math.min(MOST_DOCUMENTS_PER_STEM, Math.max(LEAST_DOCUMENTS_PER_STEM, Math.floor(MOST_POSTINGS_PER_FILE / Math.max(1, own.length))));
      const lists = Object.fromEntries(
        own.map((stem) => {
          const cut = (firsts.get(stem) ?? []).slice(0, most).map((posting) => [table.add(posting[0]), ...posting.slice(1)]);
          return [stem, [frequencies.get(stem) ?? 0, ...cut]];
        }),
      );
      return { path: definitionFilePath(bucket), body: { ...table.fields(buckets), t: lists } };
    });
  // Rounded, so the entry's bytes do not hang on the last bits of a division.
  return { files, buckets, count, averageLength: count === 0 ? 0 : Math.round((total / count) * 10000) / 10000 };
}
