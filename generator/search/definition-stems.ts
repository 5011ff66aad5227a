// The stems of every entity's defining text as the definition index lists them: how many documents hold each,
// and each one's first postings in list order, a few more than a file lists (see FirstLists), so that an update
// patches the lists by its edit instead of reading every definition.
import type { DefinitionPosting } from './core/search-core.js';
import { addPostings } from './definition-postings.ts';
import { FirstLists, type FirstListsShape, type StoredFirstLists } from './first-lists.ts';

/** What a build keeps of its definition stems. */
export interface DefinitionStemsMemo {
  lists: StoredFirstLists;
  /** Documents (entities whose defining text has a term), and their terms in all. */
  count: number;
  total: number;
}

/** An entity whose defining text changed: its number and terms (see definingTerms) before (absent: added) and now (absent: removed). */
export interface DefinitionChange {
  old?: { entity: number; terms: string };
  now?: { entity: number; terms: string };
}

/** Positions a posting keeps of a stem in its document: enough to find a phrase near the start. */
export const KEPT_POSITIONS = 4;

/** How a stem's postings are kept: their order, how many a file lists, and how many more a build keeps. */
export interface StemLists {
  order: (a: DefinitionPosting, b: DefinitionPosting) => number;
  needed: number;
  kept: number;
}

export class DefinitionStems {
  readonly lists: FirstLists;
  count: number;
  total: number;

  private constructor(lists: FirstLists, count: number, total: number) {
    this.lists = lists;
    this.count = count;
    this.total = total;
  }

  /** Every document's terms read (by entity number). */
  static count(terms: readonly string[], shape: StemLists): DefinitionStems {
    const postings = new Map<string, DefinitionPosting[]>();
    let count = 0;
    let total = 0;
    terms.forEach((joined, document) => {
      if (joined === '') return;
      const words = joined.split(' ');
      count += 1;
      total += words.length;
      addPostings(postings, document, words, KEPT_POSITIONS);
    });
    return new DefinitionStems(FirstLists.of(shapeOf(shape), postings), count, total);
  }

  /**
   * The memo's stems patched by the changes (`renumber` as FirstLists has it); undefined when a list is left with
   * fewer postings than a file lists while more documents hold its stem (the spare is used up: read every definition).
   */
  static patched(memo: DefinitionStemsMemo, changes: readonly DefinitionChange[], shape: StemLists, renumber?: Int32Array): DefinitionStems | undefined {
    const stems = new DefinitionStems(new FirstLists(shapeOf(shape), memo.lists, renumber), memo.count, memo.total);
    const { lists } = stems;
    for (const { old } of changes) {
      if (!old || old.terms === '') continue;
      const words = old.terms.split(' ');
      stems.count -= 1;
      stems.total -= words.length;
      const document = lists.current(old.entity);
      for (const stem of new Set(words)) lists.remove(stem, [document]);
    }
    for (const { now } of changes) {
      if (!now || now.terms === '') continue;
      const words = now.terms.split(' ');
      stems.count += 1;
      stems.total += words.length;
      const postings = new Map<string, DefinitionPosting[]>();
      addPostings(postings, now.entity, words, KEPT_POSITIONS);
      for (const [stem, [posting]] of postings) lists.add(stem, posting);
    }
    return lists.stillFirst() ? stems : undefined;
  }

  toMemo(): DefinitionStemsMemo {
    return { lists: this.lists.toStored(), count: this.count, total: this.total };
  }
}

// A posting: [document, its length, the stem's count in it, its first KEPT_POSITIONS positions]; one per document.
function shapeOf({ order, needed, kept }: StemLists): FirstListsShape {
  return { order, needed, kept, identity: 1, width: 3 + KEPT_POSITIONS };
}
