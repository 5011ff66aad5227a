// Which word beginnings the label index keys by one letter more, and what the key of such a beginning itself lists:
// a two-letter key shared by too many common words would make one file far over its budget.
import { codePoints, compareCodePoints, splitSet, typoForms } from './core/search-core.js';
import { listOf } from './list-of.ts';

/** How many labels the keys list: a word's list up to this many under its own key, a typo form's up to `perVariant`. */
export interface KeyWeights {
  perWord: number;
  perVariant: number;
  /** Labels a key lists at most, roughly. */
  perKey: number;
}

/**
 * The split beginnings, in code point order: each beginning of two letters or more under which the words, and the
 * forms a typo in their first two letters gives (see typoForms), list more than `perKey` labels in all; and the
 * same, a letter longer, within each. (Deeper typo forms keep the word's first letters: they spread under it.)
 */
export function splitBeginnings(counts: ReadonlyMap<string, number>, weights: KeyWeights): string[] {
  const texts: (readonly string[])[] = [];
  const listed: number[] = [];
  const unsplit = splitSet([]);
  for (const [word, count] of counts) {
    texts.push(codePoints(word));
    listed.push(Math.min(weights.perWord, count));
    for (const form of typoForms(word, unsplit)) {
      texts.push(codePoints(form));
      listed.push(Math.min(weights.perVariant, count));
    }
  }
  const heavy: string[] = [];
  // Level by level, only the texts under a beginning found heavy at the level before.
  let current = texts.map((_, at) => at).filter((at) => texts[at].length >= 2);
  let beginnings = current.map((at) => texts[at].slice(0, 2).join(''));
  for (let length = 2; current.length > 0; length += 1) {
    const labels = new Map<string, number>();
    current.forEach((at, place) => labels.set(beginnings[place], (labels.get(beginnings[place]) ?? 0) + listed[at]));
    const split = new Set([...labels].filter(([, sum]) => sum > weights.perKey).map(([beginning]) => beginning));
    heavy.push(...split);
    const next: number[] = [];
    const longer: string[] = [];
    current.forEach((at, place) => {
      if (texts[at].length > length && split.has(beginnings[place])) {
        next.push(at);
        longer.push(beginnings[place] + texts[at][length]);
      }
    });
    current = next;
    beginnings = longer;
  }
  return heavy.sort(compareCodePoints);
}

/**
 * What the key of each split beginning lists besides its own word: the commonest words it begins (more labels
 * first, then code point order), until they list `mostPerKey` labels at `perWord` each. Where a query word is a
 * split beginning (a word still being typed), these are the words it finds.
 */
export function beginningWords(counts: ReadonlyMap<string, number>, split: readonly string[], perWord: number, mostPerKey: number): Map<string, string[]> {
  const splitSet = new Set(split);
  const under = new Map<string, string[]>();
  for (const word of counts.keys()) for (const beginning of splitBeginningsOf(word, splitSet)) listOf(under, beginning).push(word);
  const listed = new Map<string, string[]>();
  for (const [beginning, words] of under) {
    words.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || compareCodePoints(a, b));
    const kept: string[] = [];
    let labels = 0;
    for (const word of words) {
      if (labels >= mostPerKey) break;
      kept.push(word);
      labels += Math.min(perWord, counts.get(word) ?? 0);
    }
    listed.set(beginning, kept);
  }
  return listed;
}

/** The split beginnings a word begins with, shortest first (its own text too, if that is split). */
export function splitBeginningsOf(word: string, split: ReadonlySet<string>): string[] {
  const points = codePoints(word);
  const beginnings: string[] = [];
  for (let length = 2; length <= points.length; length += 1) {
    const beginning = points.slice(0, length).join('');
    if (!split.has(beginning)) break;
    beginnings.push(beginning);
  }
  return beginnings;
}
