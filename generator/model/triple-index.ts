import type { Quad, Term } from '@rdfjs/types';
import type { TripleBlock } from '../load/triple-block.ts';
import { rdfXmlProblem } from './rdfxml-limits.ts';
import { P, RDF_TYPE } from './vocabulary.ts';

/** Identifies a subject or object across the graph: IRIs by value, blank nodes with a `_:` prefix. */
export function termKey(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}

// termKey(term) === key, without making the key of every blank node passed over.
function hasKey(term: Term, key: string): boolean {
  if (term.termType !== 'BlankNode') return term.value === key;
  return key.length === term.value.length + 2 && key.startsWith('_:') && key.endsWith(term.value);
}

/** An rdf:type statement about an IRI. */
export interface TypeStatement {
  subject: string;
  type: string;
}

/** What the model reads of an IRI's statements before it makes any records (counts for the warnings, the class tree). */
export interface SubjectSummary {
  /** The blocks that hold its statements, in order. */
  blocks: number[];
  /** rdfs:label statements, and those with a literal (the ones a record takes). */
  labels: number;
  literalLabels: number;
  /** skos:prefLabel statements with a literal (a concept's label). */
  prefLabels: number;
  /** skos:definition statements with a literal. */
  definitions: number;
  /** Named objects of rdfs:subClassOf, in source order (a class record's sub_class_of). */
  superclasses: readonly string[];
  /** Named objects of skos:broader and skos:narrower, in source order (a concept's parents and children). */
  broader: readonly string[];
  narrower: readonly string[];
}

// Most subjects have no parent of some kind: they share this list rather than each holding an empty one of its own
// (three lists for each of 18,500 subjects at FOLIO's scale: the walk took 54-70 ms with them, 40-48 ms without).
const NONE: readonly string[] = Object.freeze([]);

/** The list with the object added: a list of its own where the list was the shared empty one. */
function withObject(list: readonly string[], object: string): readonly string[] {
  if (list === NONE) return [object];
  (list as string[]).push(object);
  return list;
}

/**
 * The triples by subject, each subject's in source order, so "last value wins" rules stay deterministic.
 * Built from a walk over every block's statements; a subject's quads are read from its blocks when asked for,
 * so the blocks of entities no one asks about are never made into quads.
 */
export class TripleIndex {
  /** The rdf:type statements about IRIs in source order: what finding the entities reads. */
  readonly typeStatements: TypeStatement[] = [];
  readonly #blocks: readonly TripleBlock[];
  readonly #subjects = new Map<string, SubjectSummary>();
  // Blank nodes local to a block are found once the block that names them has been read; others when walked.
  readonly #blankBlocks = new Map<string, number[]>();
  readonly #read: Uint8Array;
  // Each subject's quads once asked for: a record, its restrictions and the closure ask again.
  readonly #about = new Map<string, readonly Quad[]>();

  /** The statements RDF/XML cannot say (rdfxml-limits.ts): each subject (a blank node's label in its block) and why. */
  readonly rdfXmlLeftOut: { subject: string; subjectIsBlank: boolean; block: number; reason: string }[] = [];

  constructor(blocks: readonly TripleBlock[]) {
    this.#blocks = blocks;
    this.#read = new Uint8Array(blocks.length);
    const predicateProblems = new Map<string, string | null>();
    blocks.forEach((block, number) =>
      block.forEachStatement((subject, subjectIsBlank, predicate, object, objectKind) => {
        let problem = predicateProblems.get(predicate);
        if (problem === undefined) predicateProblems.set(predicate, (problem = rdfXmlProblem(predicate, '') ?? null));
        // A literal's text is given only where a quick test finds a candidate character XML cannot carry.
        if (problem === null && objectKind === 'literal' && object !== undefined) problem = rdfXmlProblem(predicate, object) ?? null;
        if (problem !== null) this.rdfXmlLeftOut.push({ subject, subjectIsBlank, block: number, reason: problem });
        if (subjectIsBlank) {
          if (!block.localBlankNodes) this.#addBlank(`_:${subject}`, number);
          return;
        }
        let summary = this.#subjects.get(subject);
        if (summary === undefined) {
          summary = { blocks: [number], labels: 0, literalLabels: 0, prefLabels: 0, definitions: 0, superclasses: NONE, broader: NONE, narrower: NONE };
          this.#subjects.set(subject, summary);
        } else if (summary.blocks[summary.blocks.length - 1] !== number) {
          summary.blocks.push(number);
        }
        switch (predicate) {
          case RDF_TYPE:
            // A type is a term: a literal object (not RDF's meaning of rdf:type) types nothing.
            if (objectKind !== 'literal') this.typeStatements.push({ subject, type: object });
            break;
          case P.label:
            summary.labels += 1;
            if (objectKind === 'literal') summary.literalLabels += 1;
            break;
          case P.definition:
            if (objectKind === 'literal') summary.definitions += 1;
            break;
          case P.prefLabel:
            if (objectKind === 'literal') summary.prefLabels += 1;
            break;
          case P.subClassOf:
            if (objectKind === 'named') summary.superclasses = withObject(summary.superclasses, object);
            break;
          case P.broader:
            if (objectKind === 'named') summary.broader = withObject(summary.broader, object);
            break;
          case P.narrower:
            if (objectKind === 'named') summary.narrower = withObject(summary.narrower, object);
            break;
        }
      }),
    );
  }

  /** What the walk found about an IRI, if it is the subject of any statement. */
  summary(subject: string): SubjectSummary | undefined {
    return this.#subjects.get(subject);
  }

  about(subject: string): readonly Quad[] {
    let quads = this.#about.get(subject);
    if (quads === undefined) {
      const numbers = this.#blankBlocks.get(subject) ?? this.#subjects.get(subject)?.blocks;
      if (numbers === undefined) return [];
      quads = numbers.flatMap((number) => this.#quadsOf(number).filter((quad) => hasKey(quad.subject, subject)));
      this.#about.set(subject, quads);
    }
    return quads;
  }

  objects(subject: string, predicate: string): Term[] {
    return this.about(subject)
      .filter((quad) => quad.predicate.value === predicate)
      .map((quad) => quad.object);
  }

  /** The subject's own triples plus those of every blank node they reach (restrictions, lists). */
  closure(subject: string): Quad[] {
    const result: Quad[] = [];
    // Made at the first blank node: most entities reach none.
    let seen: Set<string> | undefined;
    const visit = (key: string): void => {
      for (const quad of this.about(key)) {
        result.push(quad);
        if (quad.object.termType !== 'BlankNode') continue;
        seen ??= new Set([subject]);
        const next = termKey(quad.object);
        if (!seen.has(next)) {
          seen.add(next);
          visit(next);
        }
      }
    };
    visit(subject);
    return result;
  }

  #quadsOf(number: number): readonly Quad[] {
    const block = this.#blocks[number];
    const quads = block.quads;
    if (block.localBlankNodes && this.#read[number] === 0) {
      this.#read[number] = 1;
      for (const quad of quads) if (quad.subject.termType === 'BlankNode') this.#addBlank(termKey(quad.subject), number);
    }
    return quads;
  }

  #addBlank(key: string, number: number): void {
    const numbers = this.#blankBlocks.get(key);
    if (numbers === undefined) this.#blankBlocks.set(key, [number]);
    else if (numbers[numbers.length - 1] !== number) numbers.push(number);
  }
}
