import { codePointLength, compareCodePoints } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';
import { compareUnits } from '../text/compare-units.ts';
import type { LabelRows } from './label-rows.ts';
import type { RankedLists, SearchLabel, Suffix } from './search-label.ts';

// A match key's leading parts (rank, primary or not) sit above every possible length (strings are shorter than 2^32).
const LENGTH_SPAN = 2 ** 32;

/**
 * The client's result order (rankEntities) for whole sets of entity numbers, worked out with numbers: every
 * normalised label and every IRI is numbered once in code point order, so a match key (rank, primary or not,
 * length, label, then IRI) becomes two numbers, compared without touching a string; and how a label matches
 * is read off the trie's suffixes instead of searched for. The index ranks thousands of prefixes over the same
 * labels, which made matching and string comparison most of its work.
 */
export class RankTable {
  readonly #entities: readonly SearchEntity[];
  readonly #labels: readonly (readonly SearchLabel[])[];
  /** Per entity, per label: rank-free part of the key (primary or not, length) and the label's number. */
  readonly #heads: number[][];
  readonly #orders: number[][];
  readonly #iriOrder: Int32Array;
  // Each ranked entity's key as two numbers, reused from one call to the next.
  readonly #high: Float64Array;
  readonly #low: Float64Array;
  // Which call last ranked each entity, so the arrays need no clearing.
  readonly #seen: Int32Array;
  #call = 0;

  constructor(entities: readonly SearchEntity[], rows: LabelRows) {
    this.#entities = entities;
    const labels = rows.all();
    this.#labels = labels;
    const normalized = labels.flatMap((list) => list.map((label) => label.normalized));
    const compare = codePointOrder([...normalized, ...entities.map((entity) => entity.iri)]);
    const distinct = [...new Set(normalized)].sort(compare);
    const labelOrder = new Map(distinct.map((text, order) => [text, order]));
    this.#heads = labels.map((list) => list.map((label) => (label.primary ? 0 : 1) * LENGTH_SPAN + codePointLength(label.normalized)));
    this.#orders = labels.map((list) => list.map((label) => labelOrder.get(label.normalized) ?? 0));
    this.#iriOrder = new Int32Array(entities.length);
    this.#high = new Float64Array(entities.length);
    this.#low = new Float64Array(entities.length);
    this.#seen = new Int32Array(entities.length);
    entities
      .map((entity, number) => ({ iri: entity.iri, number }))
      .sort((a, b) => compare(a.iri, b.iri))
      .forEach(({ number }, order) => {
        this.#iriOrder[number] = order;
      });
  }

  /**
   * The entities of `items` in result order for `query`, classes and properties apart. Every suffix of a label
   * that starts with the query must be among the items (a trie node's items are, for its prefix and for the
   * shorter queries of its chain): a label then matches as the query itself, from its start, or from a later word.
   */
  rank(items: readonly Suffix[], query: string): RankedLists {
    this.#call += 1;
    const ranked: number[] = [];
    for (const { entity, label, offset } of items) {
      const rank = offset > 0 ? 2 : this.#labels[entity][label].normalized.length === query.length ? 0 : 1;
      const head = rank * 2 * LENGTH_SPAN + this.#heads[entity][label];
      const order = this.#orders[entity][label];
      if (this.#seen[entity] !== this.#call) {
        this.#seen[entity] = this.#call;
        ranked.push(entity);
      } else if (head > this.#high[entity] || (head === this.#high[entity] && order >= this.#low[entity])) continue;
      this.#high[entity] = head;
      this.#low[entity] = order;
    }
    const lists: RankedLists = { class: [], property: [] };
    for (const entity of ranked) {
      this.#low[entity] = this.#low[entity] * this.#entities.length + this.#iriOrder[entity];
      lists[this.#entities[entity].kind].push(entity);
    }
    // Sorting by one packed number instead of this pair was measured no faster on full-scale input (3.7-4.1 s either way).
    const high = this.#high;
    const low = this.#low;
    const order = (a: number, b: number) => high[a] - high[b] || low[a] - low[b];
    lists.class.sort(order);
    lists.property.sort(order);
    return lists;
  }
}

/** compareCodePoints, or the engine's own comparison where no text has a surrogate (then the two agree). */
function codePointOrder(texts: readonly string[]): (a: string, b: string) => number {
  if (texts.some((text) => SURROGATE.test(text))) return compareCodePoints;
  return compareUnits;
}

const SURROGATE = /[\ud800-\udfff]/;
