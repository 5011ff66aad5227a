import { pieceAt, TextList } from './text-list.ts';

/** Lists read as one, one after another (a manifest's pages). */
export class ConcatTextList extends TextList {
  readonly #lists: readonly TextList[];
  /** Where each list starts, and past the last one. */
  readonly #starts: Int32Array;

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

  #find(index: number): number {
    return pieceAt(this.#starts, index);
  }
}
