import {
  OWL_ANNOTATION_PROPERTY,
  OWL_CLASS,
  OWL_DATATYPE_PROPERTY,
  OWL_OBJECT_PROPERTY,
  OWL_ONTOLOGY,
  RDF_PROPERTY,
  RDFS_CLASS,
  SKOS_CONCEPT,
} from './vocabulary.ts';
import type { TypeStatement } from './triple-index.ts';
import { UserError } from '../errors.ts';

/** Which record a term gets, and which list search puts it in: a class's (classes and concepts) or a property's. */
export type EntityKind = 'class' | 'property';

/** What the site publishes, as the rdf:type that makes a term one; a term typed several ways is the first here. */
export const ENTITY_TYPES = [
  { type: OWL_CLASS, written: 'owl:Class', kind: 'class', name: 'class', plural: 'classes' },
  { type: RDFS_CLASS, written: 'rdfs:Class', kind: 'class', name: 'class', plural: 'classes' },
  { type: SKOS_CONCEPT, written: 'skos:Concept', kind: 'class', name: 'concept', plural: 'concepts' },
  { type: OWL_OBJECT_PROPERTY, written: 'owl:ObjectProperty', kind: 'property', name: 'object property', plural: 'object properties' },
  { type: OWL_DATATYPE_PROPERTY, written: 'owl:DatatypeProperty', kind: 'property', name: 'datatype property', plural: 'datatype properties' },
  { type: OWL_ANNOTATION_PROPERTY, written: 'owl:AnnotationProperty', kind: 'property', name: 'annotation property', plural: 'annotation properties' },
  { type: RDF_PROPERTY, written: 'rdf:Property', kind: 'property', name: 'property', plural: 'properties (rdf:Property)' },
] as const satisfies readonly { type: string; written: string; kind: EntityKind; name: string; plural: string }[];

/** The published types, for messages: "owl:Class, rdfs:Class, …, owl:AnnotationProperty or rdf:Property". */
export const TYPES_LISTED = `${ENTITY_TYPES.slice(0, -1)
  .map(({ written }) => written)
  .join(', ')} or ${ENTITY_TYPES[ENTITY_TYPES.length - 1].written}`;

export type EntityType = (typeof ENTITY_TYPES)[number]['type'];

const RANK = new Map<string, number>(ENTITY_TYPES.map(({ type }, rank) => [type, rank]));

export interface Entity {
  /** The IRI's local part under the base IRI: the `{id}` of every URL. */
  id: string;
  iri: string;
  kind: EntityKind;
  type: EntityType;
  /** How many times the term is declared with that type (more than once: a warning). */
  declarations: number;
}

export function typeInfo(type: EntityType): (typeof ENTITY_TYPES)[number] {
  return ENTITY_TYPES[RANK.get(type) ?? 0];
}

export type PublishedTypes = ReadonlyMap<string, { readonly type: EntityType; readonly declarations: number }>;

/** Every IRI typed as something the site publishes, with its type, in the order each is first declared. */
export function publishedTypes(typeStatements: readonly TypeStatement[]): PublishedTypes {
  const types = new Map<string, { type: EntityType; declarations: number }>();
  for (const { subject, type } of typeStatements) {
    const rank = RANK.get(type);
    if (rank === undefined) continue;
    const known = types.get(subject);
    if (!known || rank < (RANK.get(known.type) ?? 0)) types.set(subject, { type: ENTITY_TYPES[rank].type, declarations: 1 });
    else if (known.type === type) known.declarations += 1;
  }
  return types;
}

/** The base IRI: the one given, else the one guessBaseIri finds (`types`: publishedTypes of the same statements, if made). */
export function findBaseIri(typeStatements: readonly TypeStatement[], given?: string, types?: PublishedTypes): string {
  const found = given || guessBaseIri(typeStatements, types);
  if (found) return found;
  throw new UserError(
    `no ${TYPES_LISTED} and no owl:Ontology declared, so the base IRI is unknown`,
    'pass --base-iri <iri>, e.g. https://folio.openlegalstandard.org/',
  );
}

/**
 * The namespace (the IRI up to its last "/" or "#") that holds most of the terms the site publishes. An
 * owl:Ontology's IRI often names the document, not its terms' namespace (W3C PROV-O's first is prov-dc#, its
 * terms prov#); it only settles a tie, or is the answer when no term is declared.
 */
export function guessBaseIri(typeStatements: readonly TypeStatement[], types: PublishedTypes = publishedTypes(typeStatements)): string | undefined {
  const counts = new Map<string, number>();
  // Terms of one namespace mostly come one after another: a run is counted without cutting each one's namespace out.
  let run: string | undefined;
  let length = 0;
  const flush = () => {
    if (run !== undefined) counts.set(run, (counts.get(run) ?? 0) + length);
  };
  for (const iri of types.keys()) {
    const cut = namespaceEnd(iri);
    if (run !== undefined && cut === run.length && iri.startsWith(run)) {
      length += 1;
      continue;
    }
    flush();
    run = cut === undefined ? undefined : iri.slice(0, cut);
    length = 1;
  }
  flush();
  const ontology = typeStatements.find((statement) => statement.type === OWL_ONTOLOGY)?.subject;
  const declared = ontology === undefined ? undefined : /[/#]$/.test(ontology) ? ontology : `${ontology}/`;
  let best: [namespace: string, terms: number] | undefined;
  // In document order, so of namespaces tied on terms and not the ontology's, the first declared wins.
  for (const [namespace, terms] of counts) {
    if (!best || terms > best[1] || (terms === best[1] && namespace === declared)) best = [namespace, terms];
  }
  return best?.[0] ?? declared;
}

/** Where the IRI's namespace ends (after its last "/" or "#"), when a name follows. */
function namespaceEnd(iri: string): number | undefined {
  const cut = Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1;
  return cut > 0 && cut < iri.length ? cut : undefined;
}

/** Every term of a published type under the base IRI, in the order they are first declared. */
export function findEntities(types: PublishedTypes, baseIri: string): Entity[] {
  const entities: Entity[] = [];
  types.forEach(({ type, declarations }, iri) => {
    if (!iri.startsWith(baseIri) || iri.length === baseIri.length) return;
    // A resource typed both as a class and a property is published as a class, as the live service does.
    entities.push({ id: iri.slice(baseIri.length), iri, kind: typeInfo(type).kind, type, declarations });
  });
  return entities;
}
