import type { PutEntry } from './sorted-keys.ts';
import { pieceAt, TextList } from './text-list.ts';

/** A run of the base list (`from` to `to`), or entries put between runs. */
export type ListPiece = { from: number; to: number } | readonly PutEntry[];

/** A list after edits, read through to its base: the runs between the edits are not copied. */
export class EditedTextList extends TextList {
  readonly #base: TextList;
  readonly #pieces: readonly ListPiece[];
  readonly #pick: (entry: PutEntry) => string;
  /** Where each piece starts in this list, and past the last one. */
  readonly #starts: Int32Array;

  /** `pick`: the string an entry put gives this list (its key, or its value). */
  constructor(base: TextList, pieces: readonly ListPiece[], pick: (entry: PutEntry) => string) {
    super();
    this.#base = base;
    this.#pieces = pieces;
    this.#pick = pick;
    this.#starts = new Int32Array(pieces.length + 1);
    pieces.forEach((piece, at) => {
      this.#starts[at + 1] = this.#starts[at] + ('from' in piece ? piece.to - piece.from : piece.length);
    });
  }

  get length(): number {
    return this.#starts[this.#pieces.length];
  }

  at(index: number): string {
    const { piece, offset } = this.#find(index);
    return 'from' in piece ? this.#base.at(piece.from + offset) : this.#pick(piece[offset]);
  }

  override lengthAt(index: number): number {
    const { piece, offset } = this.#find(index);
    return 'from' in piece ? this.#base.lengthAt(piece.from + offset) : this.#pick(piece[offset]).length;
  }

  override joinRange(from: number, to: number, separator: string): string {
    const parts: string[] = [];
    for (let at = from < to ? pieceAt(this.#starts, from) : this.#pieces.length; at < this.#pieces.length && this.#starts[at] < to; at += 1) {
      const piece = this.#pieces[at];
      const first = Math.max(from, this.#starts[at]) - this.#starts[at];
      const last = Math.min(to, this.#starts[at + 1]) - this.#starts[at];
      if (last <= first) continue;
      if ('from' in piece) parts.push(this.#base.joinRange(piece.from + first, piece.from + last, separator));
      else for (let offset = first; offset < last; offset += 1) parts.push(this.#pick(piece[offset]));
    }
    return parts.join(separator);
  }

  #find(index: number): { piece: ListPiece; offset: number } {
    const at = pieceAt(this.#starts, index);
    return { piece: this.#pieces[at], offset: index - this.#starts[at] };
  }
}
