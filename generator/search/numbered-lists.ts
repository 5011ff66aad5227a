/** Lists of numbers as a cache stores them: list l's items at [starts[l], starts[l + 1]) of items. */
export interface StoredLists {
  starts: Int32Array;
  items: Int32Array;
}

/**
 * Numbered lists of numbers, each item once per list: read from their stored form, and changed list by list (only
 * the lists changed are copied out of it), so that an update patches a few of many.
 */
export class NumberedLists {
  readonly #stored: StoredLists;
  readonly #changed = new Map<number, number[]>();
  readonly #count: number;

  constructor(stored: StoredLists = { starts: new Int32Array(1), items: new Int32Array(0) }) {
    this.#stored = stored;
    this.#count = stored.starts.length - 1;
  }

  static of(lists: readonly (readonly number[])[]): StoredLists {
    const starts = new Int32Array(lists.length + 1);
    let total = 0;
    lists.forEach((list, at) => {
      starts[at] = total;
      total += list.length;
    });
    starts[lists.length] = total;
    const items = new Int32Array(total);
    lists.forEach((list, at) => items.set(list, starts[at]));
    return { starts, items };
  }

  get(list: number): readonly number[] {
    return this.#changed.get(list) ?? this.#storedList(list);
  }

  add(list: number, item: number): void {
    const items = this.#own(list);
    if (!items.includes(item)) items.push(item);
  }

  remove(list: number, item: number): void {
    const items = this.#own(list);
    const at = items.indexOf(item);
    if (at >= 0) items.splice(at, 1);
  }

  toStored(): StoredLists {
    if (this.#changed.size === 0) return this.#stored;
    return NumberedLists.of(Array.from({ length: this.#count }, (_, list) => this.get(list)));
  }

  #storedList(list: number): number[] {
    if (list < 0 || list >= this.#count) throw new RangeError(`no list ${list} of ${this.#count}`);
    return Array.from(this.#stored.items.subarray(this.#stored.starts[list], this.#stored.starts[list + 1]));
  }

  #own(list: number): number[] {
    let items = this.#changed.get(list);
    if (items === undefined) this.#changed.set(list, (items = this.#storedList(list)));
    return items;
  }
}
