import type { Quad, Term } from '@rdfjs/types';
import { RDF_TYPE } from './vocabulary.ts';

/** Identifies a subject or object across the graph: IRIs by value, blank nodes with a `_:` prefix. */
export function termKey(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}

/** Every triple grouped by subject, each group in source order, so "last value wins" rules stay deterministic. */
export class TripleIndex {
  readonly #bySubject = new Map<string, Quad[]>();
  /** The rdf:type triples in source order: what finding the entities reads (a tenth of all the triples). */
  readonly typeStatements: Quad[] = [];

  constructor(quads: Iterable<Quad>) {
    for (const quad of quads) {
      const key = termKey(quad.subject);
      const group = this.#bySubject.get(key);
      if (group) group.push(quad);
      else this.#bySubject.set(key, [quad]);
      if (quad.predicate.value === RDF_TYPE) this.typeStatements.push(quad);
    }
  }

  about(subject: string): readonly Quad[] {
    return this.#bySubject.get(subject) ?? [];
  }

  objects(subject: string, predicate: string): Term[] {
    return this.about(subject).filter((quad) => quad.predicate.value === predicate).map((quad) => quad.object);
  }

  subjects(): IterableIterator<string> {
    return this.#bySubject.keys();
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
}
