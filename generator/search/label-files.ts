// A label index file rendered from what it holds: each word's list (its first labels in list order), each pair's,
// and the busy words' counts; a whole build and an update render their files alike.
import { compareCodePoints, labelFilePath } from './core/search-core.js';
import type { IndexedEntity, LabelIndexOptions, Posting } from './word-index-types.ts';
import { LocalTable, type WordIndexFile } from './word-files.ts';

/** What a file lists: each word with how many of its labels it keeps at most, and the pairs of busy words. */
export interface FileContent {
  words: Map<string, number>;
  pairs: string[];
}

/** Where a file's lists come from: each word's and pair's first labels in list order, and how many labels hold each; the busy words. */
export interface LabelSource {
  entities: readonly IndexedEntity[];
  /** A word's first labels in list order: `most` of them at least, or all. */
  wordFirsts(word: string, most: number): readonly Posting[];
  pairFirsts(pair: string, most: number): readonly Posting[];
  countOf(word: string): number;
  pairCountOf(pair: string): number;
  busy: ReadonlySet<string>;
}

// However full its file, a typo form's list keeps this many labels at least, and a pair's list this many.
const LEAST_PER_VARIANT = 4;
const LEAST_PER_PAIR = 10;

/** Renders files. */
export function labelFileRenderer(source: LabelSource, buckets: number, options: LabelIndexOptions): (bucket: number, content: FileContent) => WordIndexFile {
  return (bucket, content) => {
    const table = new LocalTable(source.entities);
    const labelTable = new Map<string, number>();
    const encode = (list: readonly Posting[], most: number) =>
      list.slice(0, most).flatMap((posting) => [table.add(posting.entity), 2 * localLabel(labelTable, posting.label) + Number(posting.primary)]);
    const { perVariant, perPair } = fileShares(content, source, options);
    const words = Object.fromEntries(
      [...content.words.keys()].sort(compareCodePoints).map((word) => {
        const most = content.words.get(word) ?? 0;
        const length = most < options.mostPerWord ? Math.min(most, perVariant) : most;
        return [word, encode(source.wordFirsts(word, length), length)];
      }),
    );
    const pairs = [...content.pairs].sort(compareCodePoints);
    const pairLists = Object.fromEntries(pairs.map((pair) => [pair, encode(source.pairFirsts(pair, perPair), perPair)]));
    // How many labels each busy word of the file is in: label search reads the pair of the two rarest.
    const busyCounts = Object.fromEntries(
      [...content.words.keys()]
        .filter((word) => source.busy.has(word))
        .sort(compareCodePoints)
        .map((word) => [word, source.countOf(word)]),
    );
    return {
      path: labelFilePath(bucket),
      body: {
        ...table.fields(buckets),
        l: [...labelTable.keys()],
        w: words,
        ...(Object.keys(busyCounts).length > 0 ? { b: busyCounts } : {}),
        ...(pairs.length > 0 ? { q: pairLists } : {}),
      },
    };
  };
}

/**
 * How many labels a typo form's list and a pair's list keep in this file: mostPerVariant and mostPerPair, unless
 * the file's lists would then hold more than mostPerFile labels (keys that hash together), when they share what the
 * words' own lists leave, evenly, down to a floor.
 */
function fileShares(content: FileContent, source: LabelSource, options: LabelIndexOptions): { perVariant: number; perPair: number } {
  let own = 0;
  const variantLengths: number[] = [];
  const pairLengths = content.pairs.map((pair) => source.pairCountOf(pair));
  for (const [word, most] of content.words) {
    const length = Math.min(most, source.countOf(word));
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

function localLabel(table: Map<string, number>, label: string): number {
  let at = table.get(label);
  if (at === undefined) table.set(label, (at = table.size));
  return at;
}
