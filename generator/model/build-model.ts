import type { Quad } from '@rdfjs/types';
import { UserError } from '../load/errors.ts';
import { checkIds } from './check-ids.ts';
import type { EntityRecord } from '../schema/records.ts';
import { buildClassRecord } from './class-record.ts';
import { buildPropertyRecord } from './property-record.ts';
import { findBaseIri, findEntities, type Entity } from './entities.ts';
import { TripleIndex } from './triple-index.ts';
import { NS, OWL_CLASS, OWL_OBJECT_PROPERTY, OWL_ONTOLOGY, OWL_THING, P, RDF_TYPE } from './vocabulary.ts';

export interface ModelEntity extends Entity {
  record: EntityRecord;
  /** The entity's source triples with the blank nodes they reach: what JSON-LD and RDF/XML publish. */
  quads: Quad[];
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
    const record = entity.kind === 'class'
      ? buildClassRecord(entity.iri, index, children.get(entity.iri) ?? [])
      : buildPropertyRecord(entity.iri, index);
    if (record.label === null) warnings.push(`missing-label: ${entity.kind} ${entity.id} has no rdfs:label`);
    const about = index.about(entity.iri);
    const type = entity.kind === 'class' ? OWL_CLASS : OWL_OBJECT_PROPERTY;
    const declarations = count(about, (quad) => quad.predicate.value === RDF_TYPE && quad.object.value === type);
    if (declarations > 1) warnings.push(`duplicate-declaration: ${entity.kind} ${entity.id} is declared ${declarations} times; its statements are merged`);
    const definitions = count(about, (quad) => quad.predicate.value === P.definition && quad.object.termType === 'Literal');
    if (definitions > 1) warnings.push(`duplicate-definition: ${entity.kind} ${entity.id} has ${definitions} skos:definition values; the last in the file is published`);
    return { ...entity, record, quads: index.closure(entity.iri) };
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

// Counted without making the filtered list: asked twice of each of 18,000 entities.
function count<T>(items: readonly T[], test: (item: T) => boolean): number {
  let found = 0;
  for (const item of items) if (test(item)) found += 1;
  return found;
}
