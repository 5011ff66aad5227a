// Which word beginnings the label index keys by one letter more, and what the key of such a beginning itself lists:
// a two-letter key shared by too many common words would make one file far over its budget.
import { codePointLength, codePoints, compareCodePoints, splitSet, typoForms } from './core/search-core.js';
import { listOf } from './list-of.ts';
import { codePointEnd, codePointPrefix } from '../text/code-point-prefix.ts';

/** How many labels the keys list: a word's list up to this many under its own key, a typo form's up to `perVariant`. */
export interface KeyWeights {
  perWord: number;
  perVariant: number;
  /** Labels a key lists at most, roughly. */
  perKey: number;
}

/** The split beginnings, and the labels listed under each beginning looked at (all of two letters, and the children of split ones). */
export interface SplitLayout {
  split: string[];
  sums: Map<string, number>;
}

/**
 * The split beginnings, in code point order: each beginning of two letters or more under which the words, and the
 * forms a typo in their first two letters gives (see typoForms), list more than `perKey` labels in all; and the
 * same, a letter longer, within each. (Deeper typo forms keep the word's first letters: they spread under it.)
 */
export function splitBeginnings(counts: ReadonlyMap<string, number>, weights: KeyWeights): SplitLayout {
  const texts: (readonly string[])[] = [];
  const listed: number[] = [];
  for (const [word, count] of counts) {
    if (count === 0) continue;
    eachText(word, count, weights, (text, labels) => {
      texts.push(codePoints(text));
      listed.push(labels);
    });
  }
  const heavy: string[] = [];
  const sums = new Map<string, number>();
  // Level by level, only the texts under a beginning found heavy at the level before.
  let current = texts.map((_, at) => at).filter((at) => texts[at].length >= 2);
  let beginnings = current.map((at) => texts[at].slice(0, 2).join(''));
  for (let length = 2; current.length > 0; length += 1) {
    const labels = new Map<string, number>();
    current.forEach((at, place) => labels.set(beginnings[place], (labels.get(beginnings[place]) ?? 0) + listed[at]));
    for (const [beginning, sum] of labels) sums.set(beginning, sum);
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
  return { split: heavy.sort(compareCodePoints), sums };
}

/**
 * The layout after some words' label counts changed (word, count before, count after), worked out from the sums
 * alone; undefined when a beginning becomes split, whose children's sums were never counted (then splitBeginnings).
 */
export function patchSplit(layout: SplitLayout, changed: Iterable<readonly [string, number, number]>, weights: KeyWeights): SplitLayout | undefined {
  const before = new Set(layout.split);
  const sums = new Map(layout.sums);
  // A text counts under each beginning of it whose parent is split, as splitBeginnings counts it.
  const add = (text: string, delta: number) => {
    if (delta === 0) return;
    forEachBeginning(text, (beginning) => {
      sums.set(beginning, (sums.get(beginning) ?? 0) + delta);
      return before.has(beginning);
    });
  };
  for (const [word, was, is] of changed) {
    eachText(word, was, weights, (text, labels) => add(text, -labels));
    eachText(word, is, weights, add);
  }
  // Each beginning's length in code points worked out once (not at every comparison of the sort).
  const heavy = [...sums].filter(([, sum]) => sum > weights.perKey).map(([beginning]) => ({ beginning, length: codePointLength(beginning) }));
  heavy.sort((a, b) => a.length - b.length || compareCodePoints(a.beginning, b.beginning));
  const split = new Set<string>();
  for (const { beginning, length } of heavy) {
    if (length > 2 && !split.has(withoutLastCharacter(beginning))) continue;
    if (!before.has(beginning)) return undefined;
    split.add(beginning);
  }
  // Only what splitBeginnings would have counted: every beginning of two letters, and the children of split ones.
  for (const [beginning, sum] of sums) {
    if (sum === 0 || (codePointLength(beginning) > 2 && !split.has(withoutLastCharacter(beginning)))) sums.delete(beginning);
  }
  return { split: [...split].sort(compareCodePoints), sums };
}

/** Calls `visit` with each beginning of two characters (code points) or more of `text`, shortest first, while it returns true. */
function forEachBeginning(text: string, visit: (beginning: string) => boolean): void {
  let characters = 0;
  for (let end = 0; end < text.length; ) {
    end = codePointEnd(text, end);
    characters += 1;
    if (characters >= 2 && !visit(text.slice(0, end))) return;
  }
}

/** The text without its last character (code point): a beginning's parent. */
function withoutLastCharacter(text: string): string {
  const end = text.length;
  const pair = end >= 2 && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2));
  return text.slice(0, end - (pair ? 2 : 1));
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

const UNSPLIT = splitSet([]);

/** The texts a word with `count` labels lists labels under: itself, up to perWord, and its typo forms, up to perVariant each. */
function eachText(word: string, count: number, weights: KeyWeights, text: (text: string, labels: number) => void): void {
  text(word, Math.min(weights.perWord, count));
  for (const form of typoForms(word, UNSPLIT)) text(form, Math.min(weights.perVariant, count));
}

/**
 * What the key of each split beginning lists besides its own word: the commonest words it begins (more labels
 * first, then code point order), until they list `mostPerKey` labels at `perWord` each. Where a query word is a
 * split beginning (a word still being typed), these are the words it finds. `words` and `counts`: each word and
 * its label count, by number. With `only`, of those beginnings alone (an update: the words whose first two
 * characters no beginning of them starts with are passed over unread).
 */
export function beginningWords(
  words: readonly string[],
  counts: ArrayLike<number>,
  split: readonly string[],
  perWord: number,
  mostPerKey: number,
  only?: ReadonlySet<string>,
): Map<string, string[]> {
  const splitSet = new Set(split);
  const starts = only && new Set([...only].map((beginning) => codePointPrefix(beginning, 2)));
  const under = new Map<string, number[]>();
  words.forEach((word, number) => {
    if (counts[number] === 0 || (starts !== undefined && !starts.has(codePointPrefix(word, 2)))) return;
    for (const beginning of splitBeginningsOf(word, splitSet)) if (only === undefined || only.has(beginning)) listOf(under, beginning).push(number);
  });
  return new Map([...under].map(([beginning, numbers]) => [beginning, commonestWords(numbers, words, counts, perWord, mostPerKey)]));
}

/** What a split beginning's key lists of the words it begins, given by number (see beginningWords). */
function commonestWords(numbers: readonly number[], words: readonly string[], counts: ArrayLike<number>, perWord: number, mostPerKey: number): string[] {
  // Each count looked up once, not at every comparison of the sort.
  const counted = numbers.map((number) => ({ word: words[number], count: counts[number] }));
  counted.sort((a, b) => b.count - a.count || compareCodePoints(a.word, b.word));
  const kept: string[] = [];
  let labels = 0;
  for (const { word, count } of counted) {
    if (labels >= mostPerKey) break;
    kept.push(word);
    labels += Math.min(perWord, count);
  }
  return kept;
}

/** The split beginnings a word begins with, shortest first (its own text too, if that is split). */
export function splitBeginningsOf(word: string, split: ReadonlySet<string>): string[] {
  const beginnings: string[] = [];
  // Cut from the word as its code points are stepped over (most words stop at their first two).
  forEachBeginning(word, (beginning) => {
    if (!split.has(beginning)) return false;
    beginnings.push(beginning);
    return true;
  });
  return beginnings;
}
