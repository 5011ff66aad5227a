import type { NamedNode, Quad, Term } from '@rdfjs/types';
import { DataFactory } from 'rdf-data-factory';
import { StringTable } from '../text/string-table.ts';
import type { StatementVisitor } from './triple-block.ts';

/** Quads as five numbers each, indexes into a shared string table: compact to store, quick to restore. */
export type EncodedQuads = Int32Array;

const FIELDS = 5;
const ObjectKind = { Named: 0, Blank: 1, LanguageLiteral: 2, TypedLiteral: 3 } as const;
type ObjectKind = (typeof ObjectKind)[keyof typeof ObjectKind];

const factory = new DataFactory();

/** How many quads an encoding holds. */
export function encodedCount(encoded: EncodedQuads): number {
  return encoded.length / FIELDS;
}

/** Collects the strings of the quads it encodes; subjects and objects keep their blank-node labels. */
export class QuadEncoder {
  readonly strings: StringTable;
  readonly #numbers = new Map<string, number>();

  /**
   * Continues an existing table, so blocks encoded earlier stay valid. New strings are appended without
   * looking them up among the old ones (indexing a whole table costs more than an edit's few repeats).
   */
  constructor(strings?: StringTable) {
    this.strings = strings?.continued() ?? StringTable.of();
  }

  encode(quads: readonly Quad[]): EncodedQuads {
    const encoded = new Int32Array(quads.length * FIELDS);
    quads.forEach((quad, index) => {
      const at = index * FIELDS;
      const subject = this.#number(quad.subject.value);
      encoded[at] = quad.subject.termType === 'BlankNode' ? -subject - 1 : subject;
      encoded[at + 1] = this.#number(quad.predicate.value);
      const { kind, extra } = describeObject(quad.object);
      encoded[at + 2] = kind;
      encoded[at + 3] = this.#number(quad.object.value);
      encoded[at + 4] = this.#number(extra);
    });
    return encoded;
  }

  #number(text: string): number {
    let number = this.#numbers.get(text);
    if (number === undefined) {
      number = this.strings.push(text);
      this.#numbers.set(text, number);
    }
    return number;
  }
}

function describeObject(object: Term): { kind: ObjectKind; extra: string } {
  if (object.termType === 'NamedNode') return { kind: ObjectKind.Named, extra: '' };
  if (object.termType === 'BlankNode') return { kind: ObjectKind.Blank, extra: '' };
  if (object.termType === 'Literal') {
    return object.language ? { kind: ObjectKind.LanguageLiteral, extra: object.language } : { kind: ObjectKind.TypedLiteral, extra: object.datatype.value };
  }
  throw new Error(`unexpected ${object.termType} in an ontology triple`);
}

/** Restores quads from a string table, sharing one term object per IRI. */
export class QuadDecoder {
  readonly #strings: StringTable;
  readonly #named: (NamedNode | undefined)[] = [];

  constructor(strings: StringTable) {
    this.#strings = strings;
  }

  /** The table it reads numbers from. */
  get strings(): StringTable {
    return this.#strings;
  }

  decode(encoded: EncodedQuads): Quad[] {
    const quads: Quad[] = [];
    for (let at = 0; at < encoded.length; at += FIELDS) {
      const subjectNumber = encoded[at];
      const subject = subjectNumber < 0 ? factory.blankNode(this.#strings.at(-subjectNumber - 1)) : this.#namedNode(subjectNumber);
      quads.push(factory.quad(subject as Quad['subject'], this.#namedNode(encoded[at + 1]), this.#object(encoded, at)));
    }
    return quads;
  }

  /** Walks the statements without making quads (blank nodes keep their encoded labels; literals are read only where XML may not carry them). */
  visit(encoded: EncodedQuads, visit: StatementVisitor): void {
    const strings = this.#strings;
    for (let at = 0; at < encoded.length; at += FIELDS) {
      const subjectNumber = encoded[at];
      const subject = strings.at(subjectNumber < 0 ? -subjectNumber - 1 : subjectNumber);
      const predicate = strings.at(encoded[at + 1]);
      const kind = encoded[at + 2];
      const value = encoded[at + 3];
      if (kind === ObjectKind.Named || kind === ObjectKind.Blank)
        visit(subject, subjectNumber < 0, predicate, strings.at(value), kind === ObjectKind.Named ? 'named' : 'blank');
      else visit(subject, subjectNumber < 0, predicate, strings.mayNotBeXml(value) ? strings.at(value) : undefined, 'literal');
    }
  }

  #object(encoded: EncodedQuads, at: number): Quad['object'] {
    const value = encoded[at + 3];
    switch (encoded[at + 2]) {
      case ObjectKind.Named:
        return this.#namedNode(value);
      case ObjectKind.Blank:
        return factory.blankNode(this.#strings.at(value));
      case ObjectKind.LanguageLiteral:
        return factory.literal(this.#strings.at(value), this.#strings.at(encoded[at + 4]));
      // Datatypes shared like other IRIs: most literals are xsd:string, and one term each would be garbage to carry.
      default:
        return factory.literal(this.#strings.at(value), this.#namedNode(encoded[at + 4]));
    }
  }

  #namedNode(number: number): NamedNode {
    let term = this.#named[number];
    if (term === undefined) {
      term = factory.namedNode(this.#strings.at(number));
      this.#named[number] = term;
    }
    return term;
  }
}

/** How many of a table's strings the blocks use (encodeBlocks rebuilds a table that edits' appends left partly unused). */
export function stringsInUse(strings: StringTable, blocks: Iterable<EncodedQuads>): number {
  const used = new Uint8Array(strings.length);
  for (const encoded of blocks) {
    for (let at = 0; at < encoded.length; at += FIELDS) {
      const subject = encoded[at];
      used[subject < 0 ? -subject - 1 : subject] = 1;
      used[encoded[at + 1]] = 1;
      used[encoded[at + 3]] = 1;
      used[encoded[at + 4]] = 1;
    }
  }
  return used.reduce((count, flag) => count + flag, 0);
}
