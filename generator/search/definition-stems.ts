// The stems of every entity's defining text as the definition index lists them: how many documents hold each,
// and each one's first postings in list order, a few more than a file lists (see FirstLists), so that an update
// patches the lists by its edit instead of reading every definition.
import type { DefinitionPosting } from './core/search-core.js';
import { postingOf, termPositions } from './definition-postings.ts';
import { BestFirst } from './first-in-order.ts';
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

  /**
   * Every document's terms read (by entity number). Each stem keeps only its first postings as they come: a posting
   * is made only when it would be kept (at full scale, 110,000 of 555,000).
   */
  static count(terms: readonly string[], shape: StemLists): DefinitionStems {
    const lists = new Map<string, { count: number; best: BestFirst<DefinitionPosting> }>();
    // What the order compares of a posting: its document, length and count.
    const probe: DefinitionPosting = [0, 0, 0];
    let count = 0;
    let total = 0;
    terms.forEach((joined, document) => {
      if (joined === '') return;
      const words = joined.split(' ');
      count += 1;
      total += words.length;
      for (const [stem, positions] of termPositions(words)) {
        let list = lists.get(stem);
        if (list === undefined) lists.set(stem, (list = { count: 0, best: new BestFirst(shape.kept, shape.order) }));
        list.count += 1;
        probe[0] = document;
        probe[1] = words.length;
        probe[2] = positions.length;
        if (list.best.wants(probe)) list.best.offer(postingOf(document, words, positions, KEPT_POSITIONS));
      }
    });
    const firsts = new Map([...lists].map(([stem, list]) => [stem, { count: list.count, first: list.best.sorted() }]));
    return new DefinitionStems(FirstLists.ofFirsts(shapeOf(shape), firsts), count, total);
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
      for (const [stem, positions] of termPositions(words)) lists.add(stem, postingOf(now.entity, words, positions, KEPT_POSITIONS));
    }
    return lists.stillFirst() ? stems : undefined;
  }

  toMemo(): DefinitionStemsMemo {
    return { lists: this.lists.toStored(), count: this.count, total: this.total };
  }
}

// A posting: [document, its length, the stem's count in it, its first KEPT_POSITIONS positions, their neighbours]; one per document.
function shapeOf({ order, needed, kept }: StemLists): FirstListsShape {
  return { order, needed, kept, identity: 1, width: 3 + 2 * KEPT_POSITIONS };
}
