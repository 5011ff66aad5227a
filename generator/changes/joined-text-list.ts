import { TextList } from './text-list.ts';

/** Strings joined by a separator none of them holds, each sliced out when it is read. */
export class JoinedTextList extends TextList {
  readonly #text: string;
  readonly #separator: string;
  /** Where each string starts, and past the last one: the text's length plus the separator's. */
  readonly #starts: Int32Array;

  /** `separator`: one character. */
  constructor(text: string, separator: string) {
    super();
    this.#text = text;
    this.#separator = separator;
    let count = text === '' ? 0 : 1;
    for (let at = text.indexOf(separator); at !== -1; at = text.indexOf(separator, at + 1)) count += 1;
    const starts = new Int32Array(count + 1);
    let next = 1;
    for (let at = count === 0 ? -1 : text.indexOf(separator); at !== -1; at = text.indexOf(separator, at + 1)) starts[next++] = at + 1;
    starts[count] = text.length + 1;
    this.#starts = starts;
  }

  get length(): number {
    return this.#starts.length - 1;
  }

  at(index: number): string {
    return this.#text.slice(this.#starts[index], this.#starts[index + 1] - 1);
  }

  override lengthAt(index: number): number {
    return this.#starts[index + 1] - this.#starts[index] - 1;
  }

  override charsBefore(index: number): number {
    // Each string before it is followed by one separator (an empty text's one start is past its end).
    return index === 0 ? 0 : this.#starts[index] - index;
  }

  override join(separator: string): string {
    return separator === this.#separator ? this.#text : super.join(separator);
  }

  override joinRange(from: number, to: number, separator: string): string {
    if (separator !== this.#separator) return super.joinRange(from, to, separator);
    return from >= to ? '' : this.#text.slice(this.#starts[from], this.#starts[to] - 1);
  }
}
