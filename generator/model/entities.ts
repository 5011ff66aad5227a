import { OWL_CLASS, OWL_OBJECT_PROPERTY, OWL_ONTOLOGY } from './vocabulary.ts';
import type { TypeStatement } from './triple-index.ts';
import { UserError } from '../load/errors.ts';

export type EntityKind = 'class' | 'property';

export interface Entity {
  /** The IRI's local part under the base IRI: the `{id}` of every URL. */
  id: string;
  iri: string;
  kind: EntityKind;
}

/** The ontology's base IRI: the one given, else the owl:Ontology's own IRI, ending in "/" or "#". */
export function findBaseIri(typeStatements: readonly TypeStatement[], given?: string): string {
  if (given) return given;
  const ontology = typeStatements.find((statement) => statement.type === OWL_ONTOLOGY);
  if (!ontology) {
    throw new UserError('no owl:Ontology declaration found, so the base IRI is unknown', 'pass --base-iri <iri>, e.g. https://folio.openlegalstandard.org/');
  }
  const iri = ontology.subject;
  return /[/#]$/.test(iri) ? iri : `${iri}/`;
}

/** Every owl:Class and owl:ObjectProperty under the base IRI, in the order they are first declared. */
export function findEntities(typeStatements: readonly TypeStatement[], baseIri: string): Entity[] {
  const kinds = new Map<string, EntityKind>();
  for (const { subject: iri, type } of typeStatements) {
    const kind = kindOfType(type);
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
