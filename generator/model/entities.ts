import type { Quad } from '@rdfjs/types';
import { OWL_CLASS, OWL_OBJECT_PROPERTY, OWL_ONTOLOGY, RDF_TYPE } from './vocabulary.ts';
import { UserError } from '../load/errors.ts';

export type EntityKind = 'class' | 'property';

export interface Entity {
  /** The IRI's local part under the base IRI: the `{id}` of every URL. */
  id: string;
  iri: string;
  kind: EntityKind;
}

/** The ontology's base IRI: the one given, else the owl:Ontology's own IRI, ending in "/" or "#". */
export function findBaseIri(quads: readonly Quad[], given?: string): string {
  if (given) return given;
  const ontology = quads.find((quad) => quad.predicate.value === RDF_TYPE && quad.object.value === OWL_ONTOLOGY
    && quad.subject.termType === 'NamedNode');
  if (!ontology) {
    throw new UserError('no owl:Ontology declaration found, so the base IRI is unknown', 'pass --base-iri <iri>, e.g. https://folio.openlegalstandard.org/');
  }
  const iri = ontology.subject.value;
  return /[/#]$/.test(iri) ? iri : `${iri}/`;
}

/** Every owl:Class and owl:ObjectProperty under the base IRI, in the order they are first declared. */
export function findEntities(quads: readonly Quad[], baseIri: string): Entity[] {
  const kinds = new Map<string, EntityKind>();
  for (const quad of quads) {
    if (quad.predicate.value !== RDF_TYPE || quad.subject.termType !== 'NamedNode') continue;
    const kind = kindOfType(quad.object.value);
    const iri = quad.subject.value;
    if (!kind || !iri.startsWith(baseIri) || iri.length === baseIri.length) continue;
    // A resource typed both ways is published as a class, as the live service does.
    if (kinds.get(iri) !== 'class') kinds.set(iri, kind);
  }
  return [...kinds].map(([iri, kind]) => ({ id: iri.slice(baseIri.length), iri, kind }));
}

function kindOfType(type: string): EntityKind | undefined {
  if (type === OWL_CLASS) return 'class';
  if (type === OWL_OBJECT_PROPERTY) return 'property';
  return undefined;
}
