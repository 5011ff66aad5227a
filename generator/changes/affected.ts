import type { Quad } from '@rdfjs/types';
import { OWL_ONTOLOGY, P, RDF_TYPE } from '../model/vocabulary.ts';

// The other end of these is reached too: a parent's children, a narrower concept's parents.
const HIERARCHY = new Set<string>([P.subClassOf, P.broader, P.narrower]);
// Whether a term is listed as a child, and where, hangs on these (an unlabelled class is no child; children
// are listed in the order their types are declared), wherever its parents are named.
const PLACE_AS_CHILD = new Set<string>([RDF_TYPE, P.label, P.prefLabel]);

/**
 * The IRIs whose published files can differ after the given triples were added or removed: their subjects,
 * the classes and concepts they name as parents or children (whose lists change), and, for a subject whose
 * type or labels changed, the terms `linked` names for it (its parents and children stated anywhere, which
 * may now list it or not). Undefined when the change reaches every file: the ontology's own header (base IRI,
 * title, version) changed.
 */
export function affectedIris(changed: Iterable<Quad>, linked: (iri: string) => readonly string[]): Set<string> | undefined {
  const iris = new Set<string>();
  const placed = new Set<string>();
  for (const quad of changed) {
    if (quad.predicate.value === RDF_TYPE && quad.object.value === OWL_ONTOLOGY) return undefined;
    if (quad.subject.termType === 'NamedNode') iris.add(quad.subject.value);
    if (HIERARCHY.has(quad.predicate.value) && quad.object.termType === 'NamedNode') iris.add(quad.object.value);
    if (PLACE_AS_CHILD.has(quad.predicate.value) && quad.subject.termType === 'NamedNode') placed.add(quad.subject.value);
  }
  for (const subject of placed) for (const other of linked(subject)) iris.add(other);
  return iris;
}
