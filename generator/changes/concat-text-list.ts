import { pieceAt, TextList } from './text-list.ts';

/** Lists read as one, one after another (a manifest's pages). */
export class ConcatTextList extends TextList {
  readonly #lists: readonly TextList[];
  /** Where each list starts, and past the last one. */
  readonly #starts: Int32Array;
  /** The characters of the strings before each list, and of them all: added up when first asked for. */
  #chars: Float64Array | undefined;

  constructor(lists: readonly TextList[]) {
    super();
    this.#lists = lists;
    this.#starts = new Int32Array(lists.length + 1);
    lists.forEach((list, at) => {
      this.#starts[at + 1] = this.#starts[at] + list.length;
    });
  }

  get length(): number {
    return this.#starts[this.#lists.length];
  }

  at(index: number): string {
    const list = this.#find(index);
    return this.#lists[list].at(index - this.#starts[list]);
  }

  override lengthAt(index: number): number {
    const list = this.#find(index);
    return this.#lists[list].lengthAt(index - this.#starts[list]);
  }

  override charsBefore(index: number): number {
    if (this.#chars === undefined) {
      const chars = new Float64Array(this.#lists.length + 1);
      this.#lists.forEach((list, at) => {
        chars[at + 1] = chars[at] + list.charsBefore(list.length);
      });
      this.#chars = chars;
    }
    if (index >= this.length) return this.#chars[this.#lists.length];
    const list = this.#find(index);
    return this.#chars[list] + this.#lists[list].charsBefore(index - this.#starts[list]);
  }

  override joinRange(from: number, to: number, separator: string): string {
    const parts: string[] = [];
    for (let list = from < to ? this.#find(from) : this.#lists.length; list < this.#lists.length && this.#starts[list] < to; list += 1) {
      const start = this.#starts[list];
      const end = this.#starts[list + 1];
      if (end > start) parts.push(this.#lists[list].joinRange(Math.max(from, start) - start, Math.min(to, end) - start, separator));
    }
    return parts.join(separator);
  }

  #find(index: number): number {
    return pieceAt(this.#starts, index);
  }
}
