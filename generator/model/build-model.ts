import type { Quad } from '@rdfjs/types';
import { UserError } from '../load/errors.ts';
import { checkIds } from './check-ids.ts';
import type { EntityRecord } from '../schema/records.ts';
import { IndexedEntity } from './indexed-entity.ts';
import { findBaseIri, findEntities, type Entity } from './entities.ts';
import { TripleIndex } from './triple-index.ts';
import { NS, OWL_CLASS, OWL_OBJECT_PROPERTY, OWL_ONTOLOGY, OWL_THING, P, RDF_TYPE } from './vocabulary.ts';

export interface ModelEntity extends Entity {
  readonly record: EntityRecord;
  /** The entity's source triples with the blank nodes they reach: what JSON-LD and RDF/XML publish. */
  readonly quads: Quad[];
  /** The labelled classes that name this one as parent, in declaration order (without making its record). */
  readonly children: readonly string[];
  /** The named classes this one is a subclass of (also without making its record). */
  readonly superclasses: readonly string[];
}

export interface OntologyInfo {
  title: string | null;
  description: string | null;
  version: string | null;
}

export interface OntologyModel {
  baseIri: string;
  info: OntologyInfo;
  entities: ModelEntity[];
  warnings: string[];
}

/** model: turns parsed triples into the published entities, each with its record and its own triples. */
export function buildModel(quads: readonly Quad[], options: { baseIri?: string } = {}): OntologyModel {
  const baseIri = findBaseIri(quads, options.baseIri);
  const index = new TripleIndex(quads);
  const children = childrenByParent(index);
  const warnings: string[] = [];
  const found = findEntities(index.typeStatements, baseIri);
  checkIds(found);
  const entities = found.map((entity): ModelEntity => {
    const { labels, declarations, definitions } = countStatements(index.about(entity.iri), entity.kind === 'class' ? OWL_CLASS : OWL_OBJECT_PROPERTY);
    if (labels === 0) warnings.push(`missing-label: ${entity.kind} ${entity.id} has no rdfs:label`);
    if (declarations > 1) warnings.push(`duplicate-declaration: ${entity.kind} ${entity.id} is declared ${declarations} times; its statements are merged`);
    if (definitions > 1) warnings.push(`duplicate-definition: ${entity.kind} ${entity.id} has ${definitions} skos:definition values; the last in the file is published`);
    return new IndexedEntity(entity, index, entity.kind === 'class' ? (children.get(entity.iri) ?? []) : []);
  });
  if (entities.length === 0) {
    throw new UserError(`no owl:Class or owl:ObjectProperty under ${baseIri}`, 'check the ontology, or pass --base-iri with the IRI its classes start with');
  }
  return { baseIri, info: ontologyInfo(quads, index), entities, warnings };
}

// The owl:Ontology's own title, description and version, for the site and openapi.json.
function ontologyInfo(quads: readonly Quad[], index: TripleIndex): OntologyInfo {
  const ontology = quads.find((quad) => quad.predicate.value === RDF_TYPE && quad.object.value === OWL_ONTOLOGY)?.subject.value;
  const first = (predicate: string) => (ontology === undefined ? null : index.objects(ontology, predicate).find((term) => term.termType === 'Literal')?.value ?? null);
  return { title: first(P.title), description: first(P.description), version: first(`${NS.owl}versionInfo`) };
}

// Children are listed in class declaration order; unlabelled classes are skipped as the live service does.
function childrenByParent(index: TripleIndex): Map<string, string[]> {
  const children = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const quad of index.typeStatements) {
    const child = quad.subject.value;
    if (quad.object.value !== OWL_CLASS) continue;
    if (quad.subject.termType !== 'NamedNode' || seen.has(child)) continue;
    seen.add(child);
    const about = index.about(child);
    if (!about.some((statement) => statement.predicate.value === P.label)) continue;
    for (const { predicate, object: parent } of about) {
      if (predicate.value !== P.subClassOf || parent.termType !== 'NamedNode' || parent.value === OWL_THING) continue;
      const list = children.get(parent.value);
      if (list) list.push(child);
      else children.set(parent.value, [child]);
    }
  }
  return children;
}

// What the warnings count, in one pass and without the record (which an update makes only for the entities it emits).
function countStatements(about: readonly Quad[], type: string): { labels: number; declarations: number; definitions: number } {
  const counts = { labels: 0, declarations: 0, definitions: 0 };
  for (const { predicate, object } of about) {
    // A record takes only literal labels and definitions (see buildClassRecord).
    if (predicate.value === P.label && object.termType === 'Literal') counts.labels += 1;
    else if (predicate.value === RDF_TYPE && object.value === type) counts.declarations += 1;
    else if (predicate.value === P.definition && object.termType === 'Literal') counts.definitions += 1;
  }
  return counts;
}
