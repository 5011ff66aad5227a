import type { Quad } from '@rdfjs/types';
import { UserError } from '../load/errors.ts';
import { caseCollisionWarning, checkIds, siteNamedWarning, unpublishableWarning } from './check-ids.ts';
import type { EntityRecord } from '../schema/records.ts';
import { IndexedEntity } from './indexed-entity.ts';
import { findBaseIri, findEntities, type Entity } from './entities.ts';
import { TripleIndex } from './triple-index.ts';
import { quadBlocks, type TripleBlock } from './triple-block.ts';
import { NS, OWL_CLASS, OWL_ONTOLOGY, OWL_THING, P } from './vocabulary.ts';

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
  /** Groups of ids that differ only by letter case (all published; one file each where case is folded). */
  caseCollisions: readonly (readonly string[])[];
}

/** What the model takes besides the triples: which IRIs to publish, and which ids' `/{id}` the site's own files take. */
export interface ModelSettings {
  baseIri?: string;
  /** Ids whose `/{id}` the site's own files answer (Router.siteIds); by default the hosts' common ones. */
  siteIds?: ReadonlySet<string>;
}

/** model: turns parsed triples into the published entities, each with its record and its own triples. */
export function buildModel(quads: readonly Quad[], options: ModelSettings = {}): OntologyModel {
  return buildModelFromBlocks(quadBlocks(quads), options);
}

/**
 * buildModel over a source's blocks. Only their statements are walked here; an entity's quads and record
 * are made when first read (an update reads those of the few entities it emits).
 */
export function buildModelFromBlocks(blocks: readonly TripleBlock[], options: ModelSettings = {}): OntologyModel {
  const index = new TripleIndex(blocks);
  const baseIri = findBaseIri(index.typeStatements, options.baseIri);
  const children = childrenByParent(index);
  const warnings: string[] = [];
  const { publishable, unpublishable, caseCollisions, siteNamed } = checkIds(findEntities(index.typeStatements, baseIri), options.siteIds);
  if (unpublishable.length > 0) warnings.push(unpublishableWarning(unpublishable));
  warnings.push(...caseCollisions.map(caseCollisionWarning), ...siteNamed.map(siteNamedWarning));
  const entities = publishable.map((entity): ModelEntity => {
    const summary = index.summary(entity.iri);
    const declarations = entity.kind === 'class' ? summary?.classDeclarations : summary?.propertyDeclarations;
    // A record takes only literal labels and definitions (see buildClassRecord).
    if (!summary?.literalLabels) warnings.push(`missing-label: ${entity.kind} ${entity.id} has no rdfs:label`);
    if (declarations !== undefined && declarations > 1) warnings.push(`duplicate-declaration: ${entity.kind} ${entity.id} is declared ${declarations} times; its statements are merged`);
    if (summary !== undefined && summary.definitions > 1) warnings.push(`duplicate-definition: ${entity.kind} ${entity.id} has ${summary.definitions} skos:definition values; the last in the file is published`);
    return new IndexedEntity(entity, index, entity.kind === 'class' ? (children.get(entity.iri) ?? []) : []);
  });
  if (entities.length === 0) {
    throw new UserError(`no owl:Class or owl:ObjectProperty under ${baseIri}`, 'check the ontology, or pass --base-iri with the IRI its classes start with');
  }
  return { baseIri, info: ontologyInfo(index), entities, warnings, caseCollisions };
}

// The owl:Ontology's own title, description and version, for the site and openapi.json.
function ontologyInfo(index: TripleIndex): OntologyInfo {
  const ontology = index.typeStatements.find((statement) => statement.type === OWL_ONTOLOGY)?.subject;
  const first = (predicate: string) => (ontology === undefined ? null : index.objects(ontology, predicate).find((term) => term.termType === 'Literal')?.value ?? null);
  return { title: first(P.title), description: first(P.description), version: first(`${NS.owl}versionInfo`) };
}

// Children are listed in class declaration order; unlabelled classes are skipped as the live service does.
function childrenByParent(index: TripleIndex): Map<string, string[]> {
  const children = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const { subject: child, type } of index.typeStatements) {
    if (type !== OWL_CLASS || seen.has(child)) continue;
    seen.add(child);
    const summary = index.summary(child);
    if (summary === undefined || summary.labels === 0) continue;
    for (const parent of summary.superclasses) {
      if (parent === OWL_THING) continue;
      const list = children.get(parent);
      if (list) list.push(child);
      else children.set(parent, [child]);
    }
  }
  return children;
}
