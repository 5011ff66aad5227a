// What the label and definition indexes share: their files' entity tables, how many files each has, and how the
// files become output (carried from the previous build where their bytes are the same).
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { contentHash } from '../text/content-hash.ts';
import { WORDS_VERSION, compareCodePoints } from './core/search-core.js';
import { measure } from './shard-files.ts';

/** A file of a word index before it is rendered: its path in the search folder and its JSON. */
export interface WordIndexFile {
  path: string;
  body: object;
}

// A word index never has more files than this (a power of two, as every count is).
const MOST_FILES = 8192;

/** The number of files for `items` at about `perFile` each: a power of two, at least 1. */
export function bucketCount(items: number, perFile: number): number {
  let buckets = 1;
  while (buckets < MOST_FILES && buckets * perFile < items) buckets *= 2;
  return buckets;
}

/** Each entity's place in id order (code points), by number: what the indexes break ties by, compared as numbers. */
export function idRanks(entities: readonly { id: string }[]): Int32Array {
  let ranks = rankedEntities.get(entities);
  if (ranks) return ranks;
  const ids = entities.map((entity) => entity.id);
  // Without surrogates UTF-16 order is code point order, and the engine's own sort is many times faster.
  const order = ids.some((id) => SURROGATE.test(id)) ? [...ids].sort(compareCodePoints) : [...ids].sort();
  const rankOf = new Map(order.map((id, rank) => [id, rank]));
  ranks = Int32Array.from(ids, (id) => rankOf.get(id) ?? 0);
  rankedEntities.set(entities, ranks);
  return ranks;
}

// Both indexes rank the same entities: worked out once per build.
const rankedEntities = new WeakMap<readonly { id: string }[], Int32Array>();
const SURROGATE = /[\uD800-\uDFFF]/;

/** A file's own numbering of the entities it lists, in order of first listing: their ids, and which are properties. */
export class LocalTable {
  readonly #entities: readonly { id: string; property: boolean }[];
  readonly #numbers = new Map<number, number>();
  readonly #ids: string[] = [];
  readonly #properties: number[] = [];

  constructor(entities: readonly { id: string; property: boolean }[]) {
    this.#entities = entities;
  }

  /** The entity's number in this file. */
  add(entity: number): number {
    let local = this.#numbers.get(entity);
    if (local === undefined) {
      local = this.#ids.push(this.#entities[entity].id) - 1;
      this.#numbers.set(entity, local);
      if (this.#entities[entity].property) this.#properties.push(local);
    }
    return local;
  }

  /** The file's format, file count (a file of another build says another) and entity table. */
  fields(buckets: number): { v: number; n: number; e: string[]; p?: number[] } {
    return { v: WORDS_VERSION, n: buckets, e: this.#ids, ...(this.#properties.length > 0 ? { p: this.#properties } : {}) };
  }
}

export interface WordIndexOutput {
  files: OutputFile[];
  /** Files the previous build wrote with the same bytes, by path: their hash. */
  carried: Map<string, string>;
  stats: { files: number; bytes: number; gzipBytesAtMost: number; oversized: string[] };
}

/** Where an index's files go as it makes them, once its file count (and, for labels, split beginnings) is known. */
export type WordFileSink = (layout: { buckets: number; split?: readonly string[] }) => (file: WordIndexFile) => void;

/** An index's files as it makes them: handed to the sink's consumer as they come, or kept to be returned. */
export function takeFiles(
  sink: WordFileSink | undefined,
  layout: { buckets: number; split?: readonly string[] },
): { take: (file: WordIndexFile) => void; files: WordIndexFile[] } {
  const files: WordIndexFile[] = [];
  return { take: sink?.(layout) ?? ((file) => files.push(file)), files };
}

// Files handed over at a time, where the output is streamed: the rendered files are let go as the index goes on.
const HAND_OFF_EVERY = 256;

/**
 * The files as output, one at a time: each rendered, measured against the gzip budget, and carried rather than
 * written when the previous build's manifest has the same hash for its path. With `handOff`, the files made go to
 * it as they come (in batches) instead of being kept.
 */
export class WordFilesOutput {
  readonly #budget: number;
  readonly #hashOf: (path: string) => string | undefined;
  readonly #handOff?: (files: OutputFile[]) => void;
  readonly #added = new Set<string>();
  readonly #output: WordIndexOutput = { files: [], carried: new Map(), stats: { files: 0, bytes: 0, gzipBytesAtMost: 0, oversized: [] } };

  constructor(budget: number, hashOf: (path: string) => string | undefined, handOff?: (files: OutputFile[]) => void) {
    this.#budget = budget;
    this.#hashOf = hashOf;
    this.#handOff = handOff;
  }

  add(file: WordIndexFile): void {
    const { stats, files, carried } = this.#output;
    const path = `${SEARCH_FOLDER}/${file.path}`;
    this.#added.add(path);
    const contents = emitJson(file.body);
    const measured = measure(contents, this.#budget);
    stats.files += 1;
    stats.bytes += measured.bytes;
    stats.gzipBytesAtMost += measured.gzipAtMost;
    if (measured.oversized) stats.oversized.push(`${path} (over ${this.#budget} bytes gzipped)`);
    const hash = contentHash(measured.encoded);
    if (this.#hashOf(path) === hash) carried.set(path, hash);
    else files.push({ path, contents, encoded: measured.encoded });
    if (this.#handOff && files.length >= HAND_OFF_EVERY) this.#handOff(files.splice(0));
  }

  /** Whether a file of this path was added. */
  has(path: string): boolean {
    return this.#added.has(path);
  }

  /** What was made (with `handOff`, the files not handed over yet: none). */
  finish(): WordIndexOutput {
    if (this.#handOff && this.#output.files.length > 0) this.#handOff(this.#output.files.splice(0));
    return this.#output;
  }
}
