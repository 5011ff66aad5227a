// What another class's entity graph shows of a class: its label, its parents (which the graph walks and draws, and
// which tell a root) and its see-also (walked and drawn too). A build keeps a hash of them for every class the live
// service holds, so that an update remakes the graphs below a class only when these changed: a label edit makes
// its parent's record again (the parent lists it as a child), but no graph below the parent shows anything new.
import { hash } from 'node:crypto';
import type { ClassRecord } from '../schema/records.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';

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

  /**
   * This table with the given classes' facts made anew (a record for a class held now, undefined for one that is
   * not), and which of those classes' facts differ from the kept ones (a class held on one side only differs).
   */
  patched(changes: ReadonlyMap<string, ClassRecord | undefined>): { facts: GraphFacts; differing: string[] } {
    const old = this.#table;
    const dropped = new Set<number>();
    const added: number[][] = [];
    const differing: string[] = [];
    for (const [iri, record] of changes) {
      const key = hashWords(iri);
      const at = this.#find(key);
      const row = record && [...key, ...hashWords(factsText(record))];
      if (at >= 0) dropped.add(at);
      if (row) added.push(row);
      if (at < 0 ? row !== undefined : row === undefined || old[at + 2] !== row[2] || old[at + 3] !== row[3]) differing.push(iri);
    }
    added.sort((a, b) => compareKeys(a[0], a[1], b[0], b[1]));
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
    return { facts: new GraphFacts(table), differing };
  }

  /** Where a key's row begins, or -1. */
  #find([k0, k1]: [number, number]): number {
    const table = this.#table;
    const row = firstNotBefore(table.length / WORDS, (index) => compareKeys(table[index * WORDS], table[index * WORDS + 1], k0, k1) < 0);
    return row * WORDS < table.length && table[row * WORDS] === k0 && table[row * WORDS + 1] === k1 ? row * WORDS : -1;
  }
}
