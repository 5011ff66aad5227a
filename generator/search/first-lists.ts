// Keyed lists of entries (arrays of numbers, an entity number first) that keep, for each key, how many entries it
// has and its first ones in an order: a few more than an index file lists, so that an update can patch a list by
// its edit (take out an entity's entries, put its new ones in place) without reading every entity again.
import { compareUnits } from '../text/compare-units.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';
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
  /** The key numbers in the keys' UTF-16 order, to look a key up without a map of them all. */
  order: Int32Array;
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
  #keys: string[];
  readonly counts: number[];
  // Keys added since the stored lists (looked up here; the stored ones by their order).
  readonly #added = new Map<string, number>();
  readonly #lists = new Map<number, Entry[]>();
  readonly #shape: FirstListsShape;
  readonly #stored?: StoredFirstLists;
  readonly #renumber?: Int32Array;
  // Keys whose lists an update changed: only those can have run short.
  readonly #touched = new Set<number>();
  // Stored keys looked up so far: an update looks the same words up many times (counts, lists, sorting).
  readonly #found = new Map<string, number>();

  /**
   * The lists, from a build's stored ones when given: `renumber` gives each entity's number now by its number then
   * (-1 for one removed), or is absent when none moved.
   */
  constructor(shape: FirstListsShape, stored?: StoredFirstLists, renumber?: Int32Array) {
    this.#shape = shape;
    this.#stored = stored;
    this.#renumber = renumber;
    this.#keys = stored ? stored.keys : [];
    this.counts = stored ? Array.from(stored.counts) : [];
  }

  /** Every key's whole list, each cut to its first entries. */
  static of(shape: FirstListsShape, lists: ReadonlyMap<string, readonly Entry[]>): FirstLists {
    return FirstLists.ofFirsts(
      shape,
      new Map([...lists].map(([key, list]) => [key, { count: list.length, first: firstInOrder(list, shape.kept, shape.order) }])),
    );
  }

  /** Every key's count and first entries, worked out already (in order, at most `kept`). */
  static ofFirsts(shape: FirstListsShape, lists: ReadonlyMap<string, { count: number; first: Entry[] }>): FirstLists {
    const made = new FirstLists(shape);
    for (const [key, { count, first }] of lists) {
      const number = made.#numberOf(key);
      made.counts[number] = count;
      made.#lists.set(number, first);
    }
    return made;
  }

  /** The keys, by number (shared with the stored lists until a key is added). */
  get keys(): readonly string[] {
    return this.#keys;
  }

  numberOf(key: string): number | undefined {
    return this.#added.get(key) ?? this.#storedNumber(key);
  }

  countOf(key: string): number {
    const number = this.numberOf(key);
    return number === undefined ? 0 : this.counts[number];
  }

  /** The key's first entries in order: at least as many as `needed`, or all. */
  first(key: string): readonly Entry[] {
    const number = this.numberOf(key);
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
    const number = this.numberOf(key);
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

  /** What an index file shows of a key: how many entries it has, and its first `needed` (entries are never changed in place). */
  shown(key: string): Shown {
    const number = this.numberOf(key);
    if (number === undefined) return { count: 0, first: [] };
    return { count: this.counts[number], first: this.#listOf(number).slice(0, this.#shape.needed) };
  }

  /**
   * Whether a file that shows the key's first `depth` entries (all it shows, by default) would show it otherwise than
   * `before`: another count, other first entries, or one `changed` says shows otherwise.
   */
  showsOtherwise(key: string, before: Shown, changed: (entry: Entry) => boolean, depth = this.#shape.needed): boolean {
    const now = this.shown(key).first.slice(0, depth);
    const was = before.first.slice(0, depth);
    return (
      this.countOf(key) !== before.count ||
      now.length !== was.length ||
      now.some((entry, at) => changed(entry) || entry.length !== was[at].length || entry.some((value, field) => value !== was[at][field]))
    );
  }

  /** Whether every list an update changed still has the entries an index file lists. */
  stillFirst(): boolean {
    for (const number of this.#touched) if (this.#listOf(number).length < Math.min(this.counts[number], this.#shape.needed)) return false;
    return true;
  }

  toStored(): StoredFirstLists {
    const { width } = this.#shape;
    const stored = this.#stored;
    const count = this.#keys.length;
    const storedCount = stored ? stored.keys.length : 0;
    // Each list's length: the stored one's, unless worked out here.
    const starts = new Int32Array(count + 1);
    for (let number = 0; number < count; number += 1) {
      starts[number + 1] = number < storedCount && stored ? (stored.starts[number + 1] - stored.starts[number]) / stored.width : 0;
    }
    for (const [number, list] of this.#lists) starts[number + 1] = list.length;
    for (let number = 0; number < count; number += 1) starts[number + 1] = starts[number] + width * starts[number + 1];
    const entries = new Int32Array(starts[count]).fill(-1);
    const changed = [...this.#lists.keys()].sort((a, b) => a - b);
    // The stored lists between the changed ones are copied as they are, a run at a time, then renumbered.
    let from = 0;
    for (const until of [...changed, count]) {
      if (stored && from < until) this.#copyRun(stored, entries, starts, from, Math.min(until, storedCount));
      const list = this.#lists.get(until);
      let at = starts[until];
      for (const entry of list ?? []) {
        entries.set(entry, at);
        this.#checked(entry[0], until);
        at += width;
      }
      from = until + 1;
    }
    return { keys: this.#keys, counts: Int32Array.from(this.counts), starts, entries, width, order: this.#order() };
  }

  /** Stored lists from..until (not included), unchanged, into the new entries: their entities renumbered. */
  #copyRun(stored: StoredFirstLists, entries: Int32Array, starts: Int32Array, from: number, until: number): void {
    if (from >= until) return;
    const begin = starts[from];
    entries.set(stored.entries.subarray(stored.starts[from], stored.starts[until]), begin);
    if (!this.#renumber) return;
    const end = begin + stored.starts[until] - stored.starts[from];
    for (let at = begin; at < end; at += stored.width) {
      const entity = this.#renumber[entries[at]];
      if (entity < 0) throw new Error(`a stored list still lists a removed entity (${entries[at]})`);
      entries[at] = entity;
    }
  }

  /** The keys' order for look-ups: the stored one with the added keys merged in. */
  #order(): Int32Array {
    const before = this.#stored?.order ?? new Int32Array(0);
    if (this.#added.size === 0) return before;
    const keys = this.#keys;
    const added = [...this.#added.values()].sort((a, b) => compareUnits(keys[a], keys[b]));
    const order = new Int32Array(before.length + added.length);
    let left = 0;
    let right = 0;
    for (let at = 0; at < order.length; at += 1) {
      order[at] = right >= added.length || (left < before.length && compareUnits(keys[before[left]], keys[added[right]]) < 0) ? before[left++] : added[right++];
    }
    return order;
  }

  #storedNumber(key: string): number | undefined {
    const stored = this.#stored;
    if (!stored) return undefined;
    const known = this.#found.get(key);
    if (known !== undefined) return known;
    const at = firstNotBefore(stored.order.length, (index) => stored.keys[stored.order[index]] < key);
    if (at >= stored.order.length || stored.keys[stored.order[at]] !== key) return undefined;
    this.#found.set(key, stored.order[at]);
    return stored.order[at];
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
    let number = this.numberOf(key);
    if (number === undefined) {
      // The stored keys are shared: copied before the first key is added.
      if (this.#stored && this.#keys === this.#stored.keys) this.#keys = [...this.#keys];
      number = this.#keys.push(key) - 1;
      this.#added.set(key, number);
      this.counts.push(0);
      this.#lists.set(number, []);
    }
    return number;
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
