// Keyed lists of entries (arrays of numbers, an entity number first) that keep, for each key, how many entries it
// has and its first ones in an order: a few more than an index file lists, so that an update can patch a list by
// its edit (take out an entity's entries, put its new ones in place) without reading every entity again.
import { firstInOrder } from './first-in-order.ts';

/** An entry: an entity's number, then what the list's order and the index file read of it. */
export type Entry = number[];

/** How a build stores its lists: key k's first entries at [starts[k], starts[k + 1]) of entries, `width` numbers each. */
export interface StoredFirstLists {
  keys: string[];
  counts: Int32Array;
  starts: Int32Array;
  /** Entries padded to the width with -1 (an entry never ends in -1). */
  entries: Int32Array;
  width: number;
}

/** A key as an index file shows it (see FirstLists.shown). */
export interface Shown {
  count: number;
  first: Entry[];
}

export interface FirstListsShape {
  /** The order the first entries are kept in (a total order: entries of one key differ in it). */
  order: (a: Entry, b: Entry) => number;
  /** Entries a list keeps; an update that leaves one with fewer than `needed` (of more) cannot go on. */
  kept: number;
  needed: number;
  /** How many leading numbers tell an entry apart from the others of its key. */
  identity: number;
  width: number;
}

export class FirstLists {
  readonly keys: string[];
  readonly counts: number[];
  readonly #numbers: Map<string, number>;
  readonly #lists = new Map<number, Entry[]>();
  readonly #shape: FirstListsShape;
  readonly #stored?: StoredFirstLists;
  readonly #renumber?: Int32Array;
  // Keys whose lists an update changed: only those can have run short.
  readonly #touched = new Set<number>();

  /**
   * The lists, from a build's stored ones when given: `renumber` gives each entity's number now by its number then
   * (-1 for one removed), or is absent when none moved.
   */
  constructor(shape: FirstListsShape, stored?: StoredFirstLists, renumber?: Int32Array) {
    this.#shape = shape;
    this.#stored = stored;
    this.#renumber = renumber;
    this.keys = stored ? [...stored.keys] : [];
    this.counts = stored ? Array.from(stored.counts) : [];
    this.#numbers = new Map(this.keys.map((key, number) => [key, number]));
  }

  /** Every key's whole list, each cut to its first entries. */
  static of(shape: FirstListsShape, lists: ReadonlyMap<string, readonly Entry[]>): FirstLists {
    const made = new FirstLists(shape);
    for (const [key, list] of lists) {
      const number = made.#numberOf(key);
      made.counts[number] = list.length;
      made.#lists.set(number, firstInOrder(list, shape.kept, shape.order));
    }
    return made;
  }

  numberOf(key: string): number | undefined {
    return this.#numbers.get(key);
  }

  countOf(key: string): number {
    const number = this.#numbers.get(key);
    return number === undefined ? 0 : this.counts[number];
  }

  /** The key's first entries in order: at least as many as `needed`, or all. */
  first(key: string): readonly Entry[] {
    const number = this.#numbers.get(key);
    return number === undefined ? [] : this.#listOf(number);
  }

  /** The entity's number now, for one numbered `old` in the stored lists; one removed gets a number of its own below zero. */
  current(old: number): number {
    if (!this.#renumber) return old;
    const number = this.#renumber[old];
    return number >= 0 ? number : -1 - old;
  }

  /** Takes an entry out (`entry` identifies it, its entity numbered as `current` gives). */
  remove(key: string, entry: Entry): void {
    const number = this.#numbers.get(key);
    if (number === undefined || this.counts[number] === 0) throw new Error(`no entry of "${key}" to remove`);
    this.counts[number] -= 1;
    this.#touched.add(number);
    const list = this.#listOf(number);
    const at = list.findIndex((other) => this.#same(other, entry));
    if (at >= 0) list.splice(at, 1);
  }

  /** Puts an entry in: among the first if it goes before the last of them, or if they were all. */
  add(key: string, entry: Entry): void {
    const number = this.#numberOf(key);
    const list = this.#listOf(number);
    const complete = list.length === this.counts[number];
    this.counts[number] += 1;
    this.#touched.add(number);
    const { order, kept } = this.#shape;
    const at = list.findIndex((other) => order(entry, other) < 0);
    if (at >= 0) list.splice(at, 0, entry);
    else if (complete) list.push(entry);
    if (list.length > kept) list.length = kept;
  }

  /** What an index file shows of a key: how many entries it has, and its first `needed` (copies, to hold against later). */
  shown(key: string): Shown {
    const number = this.#numbers.get(key);
    if (number === undefined) return { count: 0, first: [] };
    return {
      count: this.counts[number],
      first: this.#listOf(number)
        .slice(0, this.#shape.needed)
        .map((entry) => [...entry]),
    };
  }

  /** Whether a file would show the key otherwise than `before`: another count, other first entries, or one `changed` says shows otherwise. */
  showsOtherwise(key: string, before: Shown, changed: (entry: Entry) => boolean): boolean {
    const now = this.shown(key);
    return (
      now.count !== before.count ||
      now.first.length !== before.first.length ||
      now.first.some(
        (entry, at) => changed(entry) || entry.length !== before.first[at].length || entry.some((value, field) => value !== before.first[at][field]),
      )
    );
  }

  /** Whether every list an update changed still has the entries an index file lists. */
  stillFirst(): boolean {
    for (const number of this.#touched) if (this.#listOf(number).length < Math.min(this.counts[number], this.#shape.needed)) return false;
    return true;
  }

  toStored(): StoredFirstLists {
    const { width } = this.#shape;
    const starts = new Int32Array(this.keys.length + 1);
    let total = 0;
    for (let number = 0; number < this.keys.length; number += 1) {
      starts[number] = total;
      total += width * this.#lengthOf(number);
    }
    starts[this.keys.length] = total;
    const entries = new Int32Array(total).fill(-1);
    for (let number = 0; number < this.keys.length; number += 1) {
      const list = this.#lists.get(number);
      const stored = this.#stored;
      if (list === undefined && stored && number < stored.keys.length) {
        // Untouched: copied as stored, renumbered.
        const from = stored.starts[number];
        const to = stored.starts[number + 1];
        entries.set(stored.entries.subarray(from, to), starts[number]);
        if (this.#renumber)
          for (let at = starts[number]; at < starts[number] + to - from; at += width) entries[at] = this.#checked(this.current(entries[at]), number);
        continue;
      }
      let at = starts[number];
      for (const entry of list ?? []) {
        entries.set(entry, at);
        entries[at] = this.#checked(entry[0], number);
        at += width;
      }
    }
    return { keys: this.keys, counts: Int32Array.from(this.counts), starts, entries, width };
  }

  #checked(entity: number, key: number): number {
    if (entity < 0) throw new Error(`"${this.keys[key]}" still lists a removed entity`);
    return entity;
  }

  #same(a: Entry, b: Entry): boolean {
    for (let at = 0; at < this.#shape.identity; at += 1) if (a[at] !== b[at]) return false;
    return true;
  }

  #numberOf(key: string): number {
    let number = this.#numbers.get(key);
    if (number === undefined) {
      number = this.keys.push(key) - 1;
      this.#numbers.set(key, number);
      this.counts.push(0);
      this.#lists.set(number, []);
    }
    return number;
  }

  #lengthOf(number: number): number {
    const list = this.#lists.get(number);
    if (list) return list.length;
    const stored = this.#stored;
    return stored && number < stored.keys.length ? (stored.starts[number + 1] - stored.starts[number]) / stored.width : 0;
  }

  #listOf(number: number): Entry[] {
    let list = this.#lists.get(number);
    if (list) return list;
    list = [];
    const stored = this.#stored;
    if (stored && number < stored.keys.length) {
      for (let at = stored.starts[number]; at < stored.starts[number + 1]; at += stored.width) {
        let end = at + stored.width;
        while (end > at && stored.entries[end - 1] === -1) end -= 1;
        const entry = Array.from(stored.entries.subarray(at, end));
        entry[0] = this.current(entry[0]);
        list.push(entry);
      }
    }
    this.#lists.set(number, list);
    return list;
  }
}
