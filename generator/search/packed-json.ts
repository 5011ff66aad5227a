import { joinUtf8Rows, type Utf8Rows } from '../text/utf8-rows.ts';

/**
 * Every entity's escaped JSON text (as index files show it), as UTF-8 end to end, and where each ends: what
 * the search memo keeps so that an update renders the entities it did not reach without their records.
 */
export type PackedJson = Utf8Rows;

/** Reads the texts of a previous build's entities, by their number in that build. */
export class PackedJsonReader {
  /** The texts as the memo holds them. */
  readonly packed: PackedJson;
  readonly #bytes: Buffer;
  readonly #ends: Int32Array;

  constructor(packed: PackedJson) {
    this.packed = packed;
    this.#bytes = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
    this.#ends = packed.ends;
  }

  text(number: number): string {
    return this.#bytes.toString('utf8', this.#start(number), this.#ends[number]);
  }

  #start(number: number): number {
    return number === 0 ? 0 : this.#ends[number - 1];
  }
}

/**
 * The packed JSON of this build's entities: their texts where made, else (`previous[number]`, an entity that kept
 * its data) the previous build's bytes.
 */
export function packJson(texts: readonly (string | undefined)[], previous: readonly (number | undefined)[], reader?: PackedJsonReader): PackedJson {
  return joinUtf8Rows(texts.length, reader?.packed, (number) => {
    const text = texts[number];
    const before = previous[number];
    return text === undefined && reader && before !== undefined ? before : (text ?? '');
  });
}
