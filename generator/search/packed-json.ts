/**
 * Every entity's escaped JSON text (as index files show it), as UTF-8 end to end, and where each ends: what
 * the search memo keeps so that an update renders the entities it did not reach without their records.
 */
export interface PackedJson {
  bytes: Uint8Array;
  ends: Int32Array;
}

/** Reads the texts of a previous build's entities, by their number in that build. */
export class PackedJsonReader {
  readonly #bytes: Buffer;
  readonly #ends: Int32Array;

  constructor({ bytes, ends }: PackedJson) {
    this.#bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#ends = ends;
  }

  text(number: number): string {
    return this.#bytes.toString('utf8', this.#start(number), this.#ends[number]);
  }

  byteLength(number: number): number {
    return this.#ends[number] - this.#start(number);
  }

  /** The bytes of entities `first` to `last`, end to end (a view, not a copy). */
  bytesOf(first: number, last: number): Uint8Array {
    return this.#bytes.subarray(this.#start(first), this.#ends[last]);
  }

  #start(number: number): number {
    return number === 0 ? 0 : this.#ends[number - 1];
  }
}

/**
 * The packed JSON of this build's entities: their texts where made, else (`previous[number]`, an entity that kept
 * its data) the previous build's bytes. Both are copied in runs: texts in a row encoded at once, kept entities
 * that kept their order as one slice.
 */
export function packJson(texts: readonly (string | undefined)[], previous: readonly (number | undefined)[], reader?: PackedJsonReader): PackedJson {
  const parts: Uint8Array[] = [];
  const ends = new Int32Array(texts.length);
  let length = 0;
  let fresh: string[] = [];
  let kept: { first: number; last: number } | undefined;
  const flush = () => {
    if (fresh.length > 0) parts.push(Buffer.from(fresh.join(''), 'utf8'));
    if (kept && reader) parts.push(reader.bytesOf(kept.first, kept.last));
    fresh = [];
    kept = undefined;
  };
  texts.forEach((text, number) => {
    const before = previous[number];
    if (text === undefined && before !== undefined && reader) {
      if (kept?.last !== before - 1) {
        flush();
        kept = { first: before, last: before };
      }
      kept.last = before;
      length += reader.byteLength(before);
    } else {
      if (kept) flush();
      fresh.push(text ?? '');
      length += Buffer.byteLength(text ?? '');
    }
    ends[number] = length;
  });
  flush();
  return { bytes: Buffer.concat(parts, length), ends };
}
