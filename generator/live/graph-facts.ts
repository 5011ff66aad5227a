// What another class's entity graph shows of a class: its label, its parents (which the graph walks and draws, and
// which tell a root) and its see-also (walked and drawn too). A build keeps a hash of them for every class the live
// service holds, so that an update remakes the graphs below a class only when these changed: a label edit makes
// its parent's record again (the parent lists it as a child), but no graph below the parent shows anything new.
import { hash } from 'node:crypto';
import type { ClassRecord } from '../schema/records.ts';

// Per class: the IRI's hash (two 32-bit words), then the facts' hash (two), sorted by the IRI's hash.
const WORDS = 4;

/** Every held class's facts, as kept between builds (see the file's head). */
export type StoredGraphFacts = Int32Array;

/** The 64-bit hash of a text, as two 32-bit words. */
function hashWords(text: string): [number, number] {
  const digest = hash('sha1', text, 'buffer');
  return [digest.readInt32LE(0), digest.readInt32LE(4)];
}

function factsText(record: ClassRecord): string {
  return JSON.stringify([record.label, record.sub_class_of, record.see_also]);
}

function compareKeys(a0: number, a1: number, b0: number, b1: number): number {
  return a0 !== b0 ? (a0 >>> 0) - (b0 >>> 0) : (a1 >>> 0) - (b1 >>> 0);
}

/** A table of facts: made whole from records, or the previous one with some classes' facts replaced. */
export class GraphFacts {
  readonly #table: Int32Array;

  private constructor(table: Int32Array) {
    this.#table = table;
  }

  static stored(table: StoredGraphFacts): GraphFacts {
    return new GraphFacts(table);
  }

  /** A whole build's table, from every class the live service holds. */
  static of(records: Iterable<ClassRecord>): GraphFacts {
    const rows: [number, number, number, number][] = [];
    for (const record of records) rows.push([...hashWords(record.iri), ...hashWords(factsText(record))]);
    rows.sort((a, b) => compareKeys(a[0], a[1], b[0], b[1]));
    return new GraphFacts(Int32Array.from(rows.flat()));
  }

  get stored(): StoredGraphFacts {
    return this.#table;
  }

  /** Whether a class's facts differ from those kept for its IRI (a class held on one side only differs). */
  differ(iri: string, record: ClassRecord | undefined): boolean {
    const at = this.#find(hashWords(iri));
    if (at < 0) return record !== undefined;
    if (record === undefined) return true;
    const [f0, f1] = hashWords(factsText(record));
    return this.#table[at + 2] !== f0 || this.#table[at + 3] !== f1;
  }

  /** This table with the given classes' facts made anew: a record for a class held now, undefined for one that is not. */
  patched(changes: ReadonlyMap<string, ClassRecord | undefined>): GraphFacts {
    const dropped = new Set<number>();
    const added: number[][] = [];
    for (const [iri, record] of changes) {
      const key = hashWords(iri);
      const at = this.#find(key);
      if (at >= 0) dropped.add(at);
      if (record) added.push([...key, ...hashWords(factsText(record))]);
    }
    added.sort((a, b) => compareKeys(a[0], a[1], b[0], b[1]));
    const old = this.#table;
    const table = new Int32Array(old.length + (added.length - dropped.size) * WORDS);
    let out = 0;
    let next = 0;
    const put = (row: ArrayLike<number>, from: number) => {
      for (let word = 0; word < WORDS; word += 1) table[out + word] = row[from + word];
      out += WORDS;
    };
    for (let at = 0; at < old.length; at += WORDS) {
      if (dropped.has(at)) continue;
      while (next < added.length && compareKeys(added[next][0], added[next][1], old[at], old[at + 1]) < 0) put(added[next++], 0);
      put(old, at);
    }
    while (next < added.length) put(added[next++], 0);
    return new GraphFacts(table);
  }

  /** Where a key's row begins, or -1. */
  #find([k0, k1]: [number, number]): number {
    let low = 0;
    let high = this.#table.length / WORDS;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareKeys(this.#table[middle * WORDS], this.#table[middle * WORDS + 1], k0, k1);
      if (order === 0) return middle * WORDS;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return -1;
  }
}
