import type { Quad } from '@rdfjs/types';
import { MAYBE_NOT_XML } from '../text/xml-characters.ts';

/** What a statement's object is, as the model's summaries tell them apart. */
export type ObjectKind = 'named' | 'blank' | 'literal';

/**
 * One statement, by its terms' values: what the model reads of every block without making its quads. A literal's
 * text is given only where it may hold a character XML cannot carry (MAYBE_NOT_XML): a walk over every statement
 * reads no other literal, so a block read back from the cache decodes none.
 */
export type Statement =
  | [subject: string, subjectIsBlank: boolean, predicate: string, object: string, objectKind: Exclude<ObjectKind, 'literal'>]
  | [subject: string, subjectIsBlank: boolean, predicate: string, suspectLiteral: string | undefined, objectKind: 'literal'];

export type StatementVisitor = (...statement: Statement) => void;

/**
 * Some of an ontology's triples, in source order: a block of the source, or any run of quads. A block read
 * back from a build's cache makes its quads only when they are read; the model reads them for the few
 * entities an update emits, and walks the statements of the others.
 */
export interface TripleBlock {
  readonly quads: readonly Quad[];
  forEachStatement(visit: StatementVisitor): void;
  /** Set when no other block names its blank nodes (a source's blocks are labelled apart when their quads are made). */
  readonly localBlankNodes?: boolean;
}

/** Walks quads as statements. */
export function visitQuads(quads: readonly Quad[], visit: StatementVisitor): void {
  for (const { subject, predicate, object } of quads) {
    const blank = subject.termType === 'BlankNode';
    if (object.termType === 'Literal') visit(subject.value, blank, predicate.value, MAYBE_NOT_XML.test(object.value) ? object.value : undefined, 'literal');
    else visit(subject.value, blank, predicate.value, object.value, object.termType === 'BlankNode' ? 'blank' : 'named');
  }
}

/** Quads as blocks: each run of quads about one IRI (with the blank nodes after it) is one, so reading an IRI's triples reads only its runs. */
export function quadBlocks(quads: readonly Quad[]): TripleBlock[] {
  const blocks: TripleBlock[] = [];
  let start = 0;
  for (let at = 1; at <= quads.length; at += 1) {
    if (at < quads.length && (quads[at].subject.termType === 'BlankNode' || quads[at].subject.equals(quads[start].subject))) continue;
    const run = quads.slice(start, at);
    blocks.push({ quads: run, forEachStatement: (visit) => visitQuads(run, visit) });
    start = at;
  }
  return blocks;
}
