import type { Quad } from '@rdfjs/types';
import { visitQuads, type StatementVisitor, type TripleBlock } from './triple-block.ts';
import { relabelBlankNodes } from './parse-blocks.ts';
import { encodedCount, type EncodedQuads, type QuadDecoder } from './quad-codec.ts';
import type { StringTable } from '../text/string-table.ts';

/**
 * One block of a source, under the key of its text: parsed now, or read back from the previous build's
 * cache, in which case its quads are made only when first read. Its blank nodes are labelled apart from
 * every other block's (identical blocks stay distinct: their blank nodes are not the same nodes).
 */
export class LoadedBlock implements TripleBlock {
  readonly key: string;
  readonly localBlankNodes = true;
  #quads: readonly Quad[] | undefined;
  // Read back from the cache: its encoded quads and their decoder (kept on the block: 18,500 of them an update).
  readonly #encoded: EncodedQuads | undefined;
  readonly #decoder: QuadDecoder | undefined;
  // Its blank nodes' labels are made of these when first needed: a string kept per block is one more the collector copies.
  readonly #digest: string;
  readonly #occurrence: number;

  private constructor(key: string, place: BlockOccurrence, quads: readonly Quad[] | undefined, encoded?: EncodedQuads, decoder?: QuadDecoder) {
    this.key = key;
    this.#digest = place.digest;
    this.#occurrence = place.occurrence;
    this.#quads = quads;
    this.#encoded = encoded;
    this.#decoder = decoder;
  }

  static parsed(key: string, quads: readonly Quad[], place: BlockOccurrence): LoadedBlock {
    return new LoadedBlock(key, place, relabelBlankNodes(quads, blankPrefix(place.digest, place.occurrence)));
  }

  static cached(key: string, encoded: EncodedQuads, decoder: QuadDecoder, place: BlockOccurrence): LoadedBlock {
    return new LoadedBlock(key, place, undefined, encoded, decoder);
  }

  /** What makes its triples what they are: its text's key, and the labels of its blank nodes (see load-ontology.ts). */
  get identity(): string {
    return `${this.key} ${this.#blankPrefix()}`;
  }

  #blankPrefix(): string {
    return blankPrefix(this.#digest, this.#occurrence);
  }

  get size(): number {
    return this.#quads?.length ?? (this.#encoded ? encodedCount(this.#encoded) : 0);
  }

  get quads(): readonly Quad[] {
    if (this.#quads === undefined && this.#encoded !== undefined && this.#decoder !== undefined) {
      this.#quads = relabelBlankNodes(this.#decoder.decode(this.#encoded), this.#blankPrefix());
    }
    return this.#quads ?? [];
  }

  /** Its quads as numbers in `strings`, when it was read back from that very table (so they need no encoding again). */
  encodedIn(strings: StringTable): EncodedQuads | undefined {
    return this.#decoder?.strings === strings ? this.#encoded : undefined;
  }

  forEachStatement(visit: StatementVisitor): void {
    if (this.#quads === undefined && this.#encoded !== undefined && this.#decoder !== undefined) this.#decoder.visit(this.#encoded, visit);
    else visitQuads(this.quads, visit);
  }
}

/** Which block of the same text digest a block is (identical blocks stay distinct: their blank nodes are not the same nodes). */
export interface BlockOccurrence {
  digest: string;
  occurrence: number;
}

/** The prefix of a block's blank node labels: it starts with a letter, as N-Quads and Turtle require (a digest may start with "-"). */
function blankPrefix(digest: string, occurrence: number): string {
  return `b${digest}.${occurrence}`;
}
