import type { OntologyModel } from '../model/ontology-model.ts';

/** The most paths from the root a concept page shows: a class with many parents would otherwise list hundreds. */
export const MOST_TRAILS = 5;

/**
 * Every path from a top-level class (or concept) down to a class, as IRIs, the root first and the class last: the
 * shortest MOST_TRAILS of them, ties in the order of the parents. Worked out once per class, each from its parents'.
 */
export class Trails {
  readonly #model: OntologyModel;
  readonly #memo = new Map<string, string[][]>();

  constructor(model: OntologyModel) {
    this.#model = model;
  }

  of(iri: string): string[][] {
    return this.#paths(iri, new Set());
  }

  #paths(iri: string, below: Set<string>): string[][] {
    const known = this.#memo.get(iri);
    if (known) return known;
    const record = this.#model.entityByIri(iri)?.record;
    // A parent that is published and is not one of the path's own classes (a cycle would never end).
    const parents = record && 'sub_class_of' in record ? record.sub_class_of.filter((parent) => !below.has(parent) && this.#model.entityByIri(parent)) : [];
    below.add(iri);
    const found = parents.length === 0 ? [[iri]] : parents.flatMap((parent) => this.#paths(parent, below).map((path) => [...path, iri]));
    below.delete(iri);
    // Shortest first; sort is stable, so equal lengths keep the parents' order.
    const kept = found.sort((a, b) => a.length - b.length).slice(0, MOST_TRAILS);
    this.#memo.set(iri, kept);
    return kept;
  }
}
