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

  /** Copies the bytes of entities `first` to `last` into `target` at `at`. */
  copy(first: number, last: number, target: Uint8Array, at: number): void {
    this.#bytes.copy(target, at, this.#start(first), this.#ends[last]);
  }

  #start(number: number): number {
    return number === 0 ? 0 : this.#ends[number - 1];
  }
}

/**
 * The packed JSON of this build's entities: their texts where made, else (`previous[number]`, an entity that kept
 * its data) the previous build's bytes. Written into one buffer of the size measured first, with no text joined.
 */
export function packJson(texts: readonly (string | undefined)[], previous: readonly (number | undefined)[], reader?: PackedJsonReader): PackedJson {
  const keptAt = (number: number) => (texts[number] === undefined && reader ? previous[number] : undefined);
  const ends = new Int32Array(texts.length);
  let length = 0;
  texts.forEach((text, number) => {
    const before = keptAt(number);
    length += before === undefined ? Buffer.byteLength(text ?? '') : (reader as PackedJsonReader).byteLength(before);
    ends[number] = length;
  });
  const bytes = Buffer.allocUnsafeSlow(length);
  // Kept entities that kept their order are copied as one run.
  let run: { first: number; last: number; at: number } | undefined;
  const copyRun = () => {
    if (run && reader) reader.copy(run.first, run.last, bytes, run.at);
    run = undefined;
  };
  texts.forEach((text, number) => {
    const before = keptAt(number);
    const start = number === 0 ? 0 : ends[number - 1];
    if (before !== undefined && run?.last === before - 1) run.last = before;
    else {
      copyRun();
      if (before === undefined) bytes.write(text ?? '', start, 'utf8');
      else run = { first: before, last: before, at: start };
    }
  });
  copyRun();
  return { bytes, ends };
}
