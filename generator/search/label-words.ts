// The words of every entity's labels as the label index lists them: how many labels hold each word and each pair
// of busy words, and the first of them in list order. A build keeps them (LabelWordsMemo), so that an update patches
// them by its edit instead of reading every label.
import { compareCodePoints } from './core/search-core.js';
import { FirstLists, type Entry, type FirstListsShape, type Shown, type StoredFirstLists } from './first-lists.ts';
import type { IndexedEntity, Posting } from './word-index-types.ts';
import { listOf } from './list-of.ts';

/** One label of an entity as the label index lists it: its normalised text, whether it is the rdfs:label, its distinct words. */
export interface LabelText {
  label: string;
  primary: boolean;
  words: string[];
}

/** An entity's distinct labels' texts, as distinctLabels has them (without their words). */
export function distinctTexts(labels: readonly { normalized: string }[]): string[] {
  const texts: string[] = [];
  for (const { normalized } of labels) if (normalized !== '' && !texts.includes(normalized)) texts.push(normalized);
  return texts;
}

/** An entity's labels, each text once (an rdfs:label before the same text otherwise), with their distinct words. */
export function distinctLabels(labels: readonly { normalized: string; primary: boolean }[]): LabelText[] {
  const seen = new Set<string>();
  const texts: LabelText[] = [];
  for (const { normalized, primary } of labels) {
    if (normalized === '' || seen.has(normalized)) continue;
    seen.add(normalized);
    texts.push({ label: normalized, primary, words: [...new Set(normalized.split(' '))] });
  }
  return texts;
}

/** What a build keeps of its label words. */
export interface LabelWordsMemo {
  words: StoredFirstLists;
  /** Lists of the labels holding two busy words, keyed by the words in code point order joined by a space. */
  pairs: StoredFirstLists;
  labelCount: number;
}

/** An entity whose labels changed: its number before (absent: added) and now (absent: removed), and its labels then and now. */
export interface LabelChange {
  old?: { entity: number; texts: readonly LabelText[] };
  now?: { entity: number; texts: readonly LabelText[] };
}

/** How many labels a word's and a pair's list keep (an index file lists fewer: the rest are spare for updates). */
export interface ListLengths {
  perWord: number;
  perPair: number;
  /** What a file shows of a word's list under a typo form's key (or a split beginning's), at most. */
  perVariant: number;
}

// An entry: [entity, the label's place among the entity's distinct labels, 2 × its words + 1 if it is the rdfs:label].
const WIDTH = 3;

/** The labels in lists, in list order: fewer words first, an rdfs:label before others, then by id and label text. */
export class LabelWords {
  readonly words: FirstLists;
  readonly pairs: FirstLists;
  readonly labelCount: number;
  readonly #labelOf: (entity: number, place: number) => string;
  // Labels an update changed the text or mark of, in place (entity now, place): a list showing one shows it otherwise.
  readonly #changedLabels: ReadonlySet<number>;

  private constructor(
    words: FirstLists,
    pairs: FirstLists,
    labelCount: number,
    labelOf: (entity: number, place: number) => string,
    changedLabels: ReadonlySet<number> = new Set(),
  ) {
    this.words = words;
    this.pairs = pairs;
    this.labelCount = labelCount;
    this.#labelOf = labelOf;
    this.#changedLabels = changedLabels;
  }

  /**
   * Every entity's labels (by entity number) read; `rank`: each entity's place in id order. The pairs are those of
   * the words `busy` gives, once the words are counted.
   */
  static count(texts: readonly (readonly LabelText[])[], rank: Int32Array, lengths: ListLengths, busy: (words: FirstLists) => ReadonlySet<string>): LabelWords {
    const order = entryOrder(
      (a, b) => rank[a] - rank[b],
      (entity, place) => texts[entity][place].label,
    );
    const byWord = new Map<string, Entry[]>();
    let labelCount = 0;
    // One entry a label, in the lists of its words and pairs alike.
    const entries = texts.map((own, entity) =>
      own.map((text, place) => {
        labelCount += 1;
        const entry = entryOf(entity, place, text);
        for (const word of text.words) listOf(byWord, word).push(entry);
        return entry;
      }),
    );
    const words = FirstLists.of(shapeOf(order, lengths.perWord), byWord);
    const held = busy(words);
    const byPair = new Map<string, Entry[]>();
    texts.forEach((own, entity) =>
      own.forEach((text, place) => {
        for (const pair of pairsOf(text.words, held)) listOf(byPair, pair).push(entries[entity][place]);
      }),
    );
    return new LabelWords(words, FirstLists.of(shapeOf(order, lengths.perPair), byPair), labelCount, (entity, place) => texts[entity][place].label);
  }

  /**
   * The memo's words patched by the changes (`renumber` as FirstLists has it), with each word whose count changed
   * (before, after) and each word an index file shows otherwise since (see FirstLists.showsOtherwise); `labelOf`
   * gives an entity's label text now. The pairs are patched by patchPairs, once the busy words are known the same.
   */
  static patched(
    memo: LabelWordsMemo,
    changes: readonly LabelChange[],
    entities: readonly IndexedEntity[],
    lengths: ListLengths,
    labelOf: (entity: number, place: number) => string,
    renumber?: Int32Array,
  ): { words: LabelWords; changed: [string, number, number][]; shownOtherwise: string[]; shownOtherwiseAsVariant: string[] } {
    const order = entryOrder((a, b) => compareCodePoints(entities[a].id, entities[b].id), labelOf);
    const words = new FirstLists(shapeOf(order, lengths.perWord), memo.words, renumber);
    const pairs = new FirstLists(shapeOf(order, lengths.perPair), memo.pairs, renumber);
    const labelCount = changes.reduce((count, { old, now }) => count - (old?.texts.length ?? 0) + (now?.texts.length ?? 0), memo.labelCount);
    const patched = new LabelWords(words, pairs, labelCount, labelOf, relabelled(changes));
    const { before, shownOtherwise } = patched.#patch(words, changes, (text) => text.words);
    const changed: [string, number, number][] = [];
    for (const [word, { count }] of before) if (words.countOf(word) !== count) changed.push([word, count, words.countOf(word)]);
    // A label edited far down a busy word's list changes the file of the word's own key, not those that show its first few.
    const shownOtherwiseAsVariant = shownOtherwise.filter((word) =>
      words.showsOtherwise(word, before.get(word) ?? { count: 0, first: [] }, (entry) => patched.#relabelled(entry), lengths.perVariant),
    );
    return { words: patched, changed, shownOtherwise, shownOtherwiseAsVariant };
  }

  /** The pairs patched by the changes, `busy` being the busy words (the same before and after); those an index file shows otherwise since. */
  patchPairs(changes: readonly LabelChange[], busy: ReadonlySet<string>): string[] {
    return this.#patch(this.pairs, changes, (text) => pairsOf(text.words, busy)).shownOtherwise;
  }

  /**
   * The lists patched by the changes, each label listed under the keys `keysOf` gives it: every old label taken out,
   * then every new one put in. Returns each key's showing before, and the keys a file shows otherwise since.
   */
  #patch(lists: FirstLists, changes: readonly LabelChange[], keysOf: (text: LabelText) => readonly string[]) {
    const before = new Map<string, Shown>();
    for (const { old, now } of changes) {
      for (const side of [old, now])
        for (const text of side?.texts ?? []) for (const key of keysOf(text)) if (!before.has(key)) before.set(key, lists.shown(key));
    }
    for (const { old } of changes) {
      if (!old) continue;
      const entity = lists.current(old.entity);
      old.texts.forEach((text, place) => {
        for (const key of keysOf(text)) lists.remove(key, [entity, place]);
      });
    }
    for (const { now } of changes) {
      now?.texts.forEach((text, place) => {
        const entry = entryOf(now.entity, place, text);
        for (const key of keysOf(text)) lists.add(key, entry);
      });
    }
    const shownOtherwise = [...before].filter(([key, shown]) => lists.showsOtherwise(key, shown, (entry) => this.#relabelled(entry))).map(([key]) => key);
    return { before, shownOtherwise };
  }

  #relabelled(entry: Entry): boolean {
    return this.#changedLabels.has(entry[0] * PLACES + entry[1]);
  }

  /** Whether every list an update changed still has the labels an index file lists. */
  stillFirst(): boolean {
    return this.words.stillFirst() && this.pairs.stillFirst();
  }

  /** The label of an entry of a list, as it lists it. */
  postingOf(entry: Entry): Posting {
    return { entity: entry[0], label: this.#labelOf(entry[0], entry[1]), primary: (entry[2] & 1) === 1, words: entry[2] >> 1 };
  }

  toMemo(): LabelWordsMemo {
    return { words: this.words.toStored(), pairs: this.pairs.toStored(), labelCount: this.labelCount };
  }
}

/** Each pair of the busy words among a label's distinct words, as its words in code point order joined by a space. */
export function pairsOf(words: readonly string[], busy: ReadonlySet<string>): string[] {
  const held = words.filter((word) => busy.has(word)).sort(compareCodePoints);
  const pairs: string[] = [];
  for (let first = 0; first < held.length; first += 1)
    for (let second = first + 1; second < held.length; second += 1) pairs.push(`${held[first]} ${held[second]}`);
  return pairs;
}

// A label's entity and place in one number, as the changed labels are looked up.
const PLACES = 2 ** 20;

/** The labels of the changes whose text or mark is not the one the same place had (every label of an entity added). */
function relabelled(changes: readonly LabelChange[]): Set<number> {
  const labels = new Set<number>();
  for (const { old, now } of changes) {
    if (!now) continue;
    now.texts.forEach((text, place) => {
      const was = old?.texts[place];
      if (was?.label !== text.label || was.primary !== text.primary) labels.add(now.entity * PLACES + place);
    });
  }
  return labels;
}

function entryOf(entity: number, place: number, text: LabelText): Entry {
  return [entity, place, 2 * text.words.length + Number(text.primary)];
}

/** List order on entries: fewer words first, an rdfs:label before others, then by id, then by label text. */
function entryOrder(byId: (a: number, b: number) => number, labelOf: (entity: number, place: number) => string): (a: Entry, b: Entry) => number {
  return (a, b) => (a[2] >> 1) - (b[2] >> 1) || (b[2] & 1) - (a[2] & 1) || byId(a[0], b[0]) || compareCodePoints(labelOf(a[0], a[1]), labelOf(b[0], b[1]));
}

/** A list keeps a third more than a file lists: an update may take that many out before the lists are read again. */
function shapeOf(order: (a: Entry, b: Entry) => number, needed: number): FirstListsShape {
  return { order, needed, kept: Math.ceil((needed * 4) / 3), identity: 2, width: WIDTH };
}
