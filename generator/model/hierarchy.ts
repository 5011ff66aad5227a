import { typeInfo, type PublishedTypes } from './entities.ts';
import type { TripleIndex } from './triple-index.ts';
import { OWL_THING, SKOS_CONCEPT } from './vocabulary.ts';

/** Parents and children of the class-like terms: classes by rdfs:subClassOf, concepts by skos:broader and skos:narrower. */
export interface Hierarchy {
  /** The labelled terms that name this one as parent, in declaration order (a record's parent_class_of). */
  childrenOf(iri: string): readonly string[];
  /** A concept's parents: its skos:broader, then the concepts that list it as skos:narrower (a thesaurus may state either). */
  conceptParents(iri: string): readonly string[];
  /**
   * The terms this one is linked with as parent or child, stated on either (rdfs:subClassOf, skos:broader,
   * skos:narrower), whether or not it is published: the ones whose child lists or parents can change when
   * its type, its labels or the place of its declaration do.
   */
  linked(iri: string): readonly string[];
}

const NONE: readonly string[] = [];

/**
 * Walks every class and concept once, in declaration order. Unlabelled classes are not children, as in the
 * live service; a class listed twice as parent lists its child twice, as there. Concepts are listed once.
 */
export function buildHierarchy(index: TripleIndex, types: PublishedTypes): Hierarchy {
  const children = new Map<string, string[]>();
  const statedParents = new Map<string, string[]>();
  const labelled = (iri: string) => {
    const summary = index.summary(iri);
    return summary !== undefined && summary.labels + summary.prefLabels > 0;
  };
  // forEach rather than an entries loop, which makes a pair for each of the types.
  types.forEach(({ type }, iri) => {
    if (typeInfo(type).kind !== 'class') return;
    const summary = index.summary(iri);
    if (summary === undefined) return;
    if (type !== SKOS_CONCEPT) {
      if (summary.labels === 0) return;
      for (const parent of summary.superclasses) if (parent !== OWL_THING) append(children, parent, iri);
      return;
    }
    if (labelled(iri)) for (const parent of summary.broader) appendOnce(children, parent, iri);
    for (const child of summary.narrower) {
      if (labelled(child)) appendOnce(children, iri, child);
      appendOnce(statedParents, child, iri);
    }
  });
  return {
    childrenOf: (iri) => children.get(iri) ?? NONE,
    conceptParents(iri) {
      const parents = [...(index.summary(iri)?.broader ?? NONE)];
      for (const parent of statedParents.get(iri) ?? NONE) if (!parents.includes(parent)) parents.push(parent);
      return parents;
    },
    linked(iri) {
      const summary = index.summary(iri);
      return [...(summary?.superclasses ?? NONE), ...(summary?.broader ?? NONE), ...(summary?.narrower ?? NONE), ...(statedParents.get(iri) ?? NONE)];
    },
  };
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function appendOnce(map: Map<string, string[]>, key: string, value: string): void {
  if (!map.get(key)?.includes(value)) append(map, key, value);
}
