import { joinUtf8Rows } from './utf8-rows.ts';
import { MAYBE_NOT_XML } from './xml-characters.ts';

/**
 * A list of strings as a cache file stores it: their UTF-8 end to end, and where each ends. A string that may hold
 * a character XML cannot carry (any surrogate among them, which UTF-8 cannot hold alone) is kept apart, exactly,
 * with its number; its stretch of the text is empty.
 */
export interface StoredStrings {
  text: Uint8Array;
  ends: Int32Array;
  suspects: Int32Array;
  suspectTexts: readonly string[];
}

/** A table's stored part: its UTF-8, where each string ends, and the strings kept apart, by number. */
interface StoredPart {
  bytes: Buffer;
  ends: Int32Array;
  suspects: ReadonlyMap<number, string>;
}

/**
 * Strings read back from a cache file, each decoded when first asked for, and strings appended since: the
 * blocks' string table (an update walks every statement but reads only the IRIs, not the literals, four strings
 * in five at FOLIO's scale) and the search memo's definition terms (an update reads those of the entities it
 * reached) are kept as the bytes they were read as.
 */
export class StringTable {
  readonly #stored: StoredPart;
  readonly #decoded: (string | undefined)[];
  readonly #added: string[];

  private constructor(stored: StoredPart, decoded: (string | undefined)[], added: string[]) {
    this.#stored = stored;
    this.#decoded = decoded;
    this.#added = added;
  }

  /** A table of these strings, none of them stored. */
  static of(strings: readonly string[] = []): StringTable {
    return new StringTable({ bytes: Buffer.alloc(0), ends: new Int32Array(0), suspects: new Map() }, [], [...strings]);
  }

  /** The table a cache file stores, followed by `added`. */
  static stored({ text, ends, suspects, suspectTexts }: StoredStrings, added: readonly string[] = []): StringTable {
    const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    const apart = new Map(Array.from(suspects, (number, at) => [number, suspectTexts[at]]));
    return new StringTable({ bytes, ends, suspects: apart }, new Array<string | undefined>(ends.length), [...added]);
  }

  get length(): number {
    return this.#stored.ends.length + this.#added.length;
  }

  at(number: number): string {
    const { ends } = this.#stored;
    if (number >= ends.length) return this.#added[number - ends.length];
    let text = this.#decoded[number];
    if (text === undefined) {
      text = this.#stored.suspects.get(number) ?? this.#stored.bytes.toString('utf8', number === 0 ? 0 : ends[number - 1], ends[number]);
      this.#decoded[number] = text;
    }
    return text;
  }

  /** Whether the string may hold a character XML cannot carry (MAYBE_NOT_XML), answered without decoding it. */
  mayNotBeXml(number: number): boolean {
    const stored = this.#stored.ends.length;
    return number < stored ? this.#stored.suspects.has(number) : MAYBE_NOT_XML.test(this.#added[number - stored]);
  }

  /** Appends a string; its number. */
  push(text: string): number {
    return this.#added.push(text) - 1 + this.#stored.ends.length;
  }

  /** A copy to append to, sharing this one's stored part (and the strings decoded from it). */
  continued(): StringTable {
    return new StringTable(this.#stored, this.#decoded, [...this.#added]);
  }

  /** Whether this table's first `length` strings are `before`'s: the same stored part, then the same appended strings. */
  continues(before: StringTable, length: number): boolean {
    if (this.#stored !== before.#stored || this.length < length || before.length < length) return false;
    for (let number = this.#stored.ends.length; number < length; number += 1) if (this.at(number) !== before.at(number)) return false;
    return true;
  }

  /** The strings from `number` on (all appended ones, past the stored part). */
  from(number: number): string[] {
    return Array.from({ length: Math.max(0, this.length - number) }, (_, at) => this.at(number + at));
  }

  /** Every string, decoded. */
  toArray(): string[] {
    return this.from(0);
  }

  /** The whole table in its stored form. */
  store(): StoredStrings {
    return StringTable.storeRows(this.length, this, (number) => number);
  }

  /**
   * A stored list of `count` strings, each given, or the number of one of `from`'s, whose bytes are copied as they
   * are, undecoded.
   */
  static storeRows(count: number, from: StringTable | undefined, row: (at: number) => string | number): StoredStrings {
    const stored = from === undefined ? undefined : from.#stored;
    const suspects: number[] = [];
    const suspectTexts: string[] = [];
    // A string kept apart takes no bytes: its row is empty, and its text goes with its number.
    const rows = Array.from({ length: count }, (_, at): string | number => {
      const value = row(at);
      if (typeof value === 'number' && stored !== undefined && value < stored.ends.length && !stored.suspects.has(value)) return value;
      if (typeof value === 'number' && from === undefined) throw new Error(`internal error: row ${value} of a table not given`);
      const text = typeof value === 'string' ? value : (from as StringTable).at(value);
      if (!MAYBE_NOT_XML.test(text)) return text;
      suspects.push(at);
      suspectTexts.push(text);
      return '';
    });
    const { bytes, ends } = joinUtf8Rows(count, stored, (at) => rows[at]);
    return { text: bytes, ends, suspects: Int32Array.from(suspects), suspectTexts };
  }
}
