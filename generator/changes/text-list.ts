// A manifest's columns hold 175,000 paths at full scale: read from the cache as one joined text, they are looked
// up in place rather than split into as many strings (which cost an update 150 ms, most of it the collector's).

/** Strings read by position: an array, or a column kept as the cache's joined text (see JoinedTextList). */
export abstract class TextList {
  abstract readonly length: number;
  #array: readonly string[] | undefined;

  /** The string at `index`, 0 ≤ index < length. */
  abstract at(index: number): string;

  /** The length of the string at `index`, in UTF-16 units (a joined text's without making the string). */
  lengthAt(index: number): number {
    return this.at(index).length;
  }

  /** The lengths of the strings before `index` (0 ≤ index ≤ length) added up: where a text of them joined without separators has the string at `index`. */
  charsBefore(index: number): number {
    let chars = 0;
    for (let at = 0; at < index; at += 1) chars += this.lengthAt(at);
    return chars;
  }

  /** Every string, in order: made on first use. */
  toArray(): readonly string[] {
    if (this.#array === undefined) {
      const array = new Array<string>(this.length);
      for (let index = 0; index < array.length; index += 1) array[index] = this.at(index);
      this.#array = array;
    }
    return this.#array;
  }

  /** Every string joined: each list joins its stretches as it holds them (a joined text's are sliced, not split). */
  join(separator: string): string {
    return this.joinRange(0, this.length, separator);
  }

  /** The strings from `from` up to `to`, joined by `separator` (a page of the manifest's files column is two such texts). */
  joinRange(from: number, to: number, separator: string): string {
    const parts = new Array<string>(to - from);
    for (let index = from; index < to; index += 1) parts[index - from] = this.at(index);
    return parts.join(separator);
  }

  static of(items: readonly string[]): TextList {
    return new ArrayTextList(items);
  }
}

/** An array as a TextList. */
class ArrayTextList extends TextList {
  readonly #items: readonly string[];

  constructor(items: readonly string[]) {
    super();
    this.#items = items;
  }

  get length(): number {
    return this.#items.length;
  }

  at(index: number): string {
    return this.#items[index];
  }

  override toArray(): readonly string[] {
    return this.#items;
  }

  override join(separator: string): string {
    return this.#items.join(separator);
  }
}

/**
 * Of lists or pieces read one after another (`starts`: where each begins, and past the last), the one that
 * holds `index`: the last to begin at or before it (any later one begins after it). A binary search.
 */
export function pieceAt(starts: Int32Array, index: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}
