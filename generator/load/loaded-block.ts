import type { Quad } from '@rdfjs/types';
import { visitQuads, type StatementVisitor, type TripleBlock } from './triple-block.ts';
import { relabelBlankNodes } from './parse-blocks.ts';
import { encodedCount, type EncodedQuads, type QuadDecoder } from './quad-codec.ts';
import type { StringTable } from '../text/string-table.ts';

/** Where a block read back from the cache comes from: its encoded quads, and the labels its blank nodes get. */
interface CachedQuads {
  encoded: EncodedQuads;
  decoder: QuadDecoder;
  blankPrefix: string;
}

/**
 * One block of a source, under the key of its text: parsed now, or read back from the previous build's
 * cache, in which case its quads are made only when first read. Its blank nodes are labelled apart from
 * every other block's (identical blocks stay distinct: their blank nodes are not the same nodes).
 */
export class LoadedBlock implements TripleBlock {
  readonly key: string;
  /** What makes its triples what they are: its text's key, and the labels of its blank nodes (see load-ontology.ts). */
  readonly identity: string;
  readonly localBlankNodes = true;
  #quads: readonly Quad[] | undefined;
  #cached: CachedQuads | undefined;

  private constructor(key: string, blankPrefix: string, quads: readonly Quad[] | undefined, cached: CachedQuads | undefined) {
    this.key = key;
    this.identity = `${key} ${blankPrefix}`;
    this.#quads = quads;
    this.#cached = cached;
  }

  static parsed(key: string, quads: readonly Quad[], blankPrefix: string): LoadedBlock {
    return new LoadedBlock(key, blankPrefix, relabelBlankNodes(quads, blankPrefix), undefined);
  }

  static cached(key: string, encoded: EncodedQuads, decoder: QuadDecoder, blankPrefix: string): LoadedBlock {
    return new LoadedBlock(key, blankPrefix, undefined, { encoded, decoder, blankPrefix });
  }

  get size(): number {
    return this.#quads?.length ?? (this.#cached ? encodedCount(this.#cached.encoded) : 0);
  }

  get quads(): readonly Quad[] {
    if (this.#quads === undefined && this.#cached !== undefined) {
      const { encoded, decoder, blankPrefix } = this.#cached;
      this.#quads = relabelBlankNodes(decoder.decode(encoded), blankPrefix);
    }
    return this.#quads ?? [];
  }

  /** Its quads as numbers in `strings`, when it was read back from that very table (so they need no encoding again). */
  encodedIn(strings: StringTable): EncodedQuads | undefined {
    return this.#cached !== undefined && this.#cached.decoder.strings === strings ? this.#cached.encoded : undefined;
  }

  forEachStatement(visit: StatementVisitor): void {
    if (this.#quads === undefined && this.#cached !== undefined) this.#cached.decoder.visit(this.#cached.encoded, visit);
    else visitQuads(this.quads, visit);
  }
}
