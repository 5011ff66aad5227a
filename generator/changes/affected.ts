import type { Quad } from '@rdfjs/types';
import { OWL_ONTOLOGY, P, RDF_TYPE } from '../model/vocabulary.ts';

// The other end of these is reached too: a parent's children, a narrower concept's parents.
const HIERARCHY = new Set<string>([P.subClassOf, P.broader, P.narrower]);

/**
 * The IRIs whose published files can differ after the given triples were added or removed: their subjects,
 * and the classes and concepts they name as parents or children (whose lists change). Undefined when the change reaches every
 * file: the ontology's own header (base IRI, title, version) changed.
 */
export function affectedIris(changed: Iterable<Quad>): Set<string> | undefined {
  const iris = new Set<string>();
  for (const quad of changed) {
    if (quad.predicate.value === RDF_TYPE && quad.object.value === OWL_ONTOLOGY) return undefined;
    if (quad.subject.termType === 'NamedNode') iris.add(quad.subject.value);
    if (HIERARCHY.has(quad.predicate.value) && quad.object.termType === 'NamedNode') iris.add(quad.object.value);
  }
  return iris;
}
