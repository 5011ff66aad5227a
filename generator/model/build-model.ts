import type { Quad } from '@rdfjs/types';
import { UserError } from '../errors.ts';
import { caseCollisionWarning, checkIds, siteNamedWarning, unpublishableWarning } from './check-ids.ts';
import { IndexedEntity } from './indexed-entity.ts';
import type { ModelEntity, ModelSettings, OntologyInfo, OntologyModel } from './ontology-model.ts';
import { TYPES_LISTED, findBaseIri, findEntities, guessBaseIri, publishedTypes, typeInfo } from './entities.ts';
import { buildClassRecord } from './class-record.ts';
import { buildHierarchy } from './hierarchy.ts';
import { TripleIndex } from './triple-index.ts';
import { quadBlocks, type TripleBlock } from '../load/triple-block.ts';
import { NS, OWL_ONTOLOGY, P, SKOS_CONCEPT } from './vocabulary.ts';

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
  const types = publishedTypes(index.typeStatements);
  const baseIri = findBaseIri(index.typeStatements, options.baseIri, types);
  const hierarchy = buildHierarchy(index, types);
  const warnings: string[] = [];
  const { publishable, unpublishable, caseCollisions, siteNamed } = checkIds(findEntities(types, baseIri), options.siteIds);
  if (unpublishable.length > 0) warnings.push(unpublishableWarning(unpublishable));
  if (caseCollisions.length > 0) warnings.push(caseCollisionWarning(caseCollisions));
  warnings.push(...siteNamed.map(siteNamedWarning));
  const entities = publishable.map((entity): ModelEntity => {
    const summary = index.summary(entity.iri);
    const name = typeInfo(entity.type).name;
    const concept = entity.type === SKOS_CONCEPT;
    // A record takes only literal labels and definitions (see buildClassRecord); a concept's label is its skos:prefLabel.
    const labelled = Boolean(summary?.literalLabels || (concept && summary?.prefLabels));
    if (!labelled) warnings.push(`missing-label: ${name} ${entity.id} has no ${concept ? 'skos:prefLabel or ' : ''}rdfs:label`);
    if (entity.declarations > 1)
      warnings.push(`duplicate-declaration: ${name} ${entity.id} is declared ${entity.declarations} times; its statements are merged`);
    if (summary !== undefined && summary.definitions > 1)
      warnings.push(`duplicate-definition: ${name} ${entity.id} has ${summary.definitions} skos:definition values; the last in the file is published`);
    const children = entity.kind === 'class' ? hierarchy.childrenOf(entity.iri) : [];
    return new IndexedEntity(entity, index, children, labelled, concept ? hierarchy.conceptParents(entity.iri) : undefined);
  });
  if (entities.length === 0) {
    // Given a base IRI its terms are not under, name the namespace that holds most of them.
    const found = options.baseIri !== undefined && types.size > 0 ? guessBaseIri(index.typeStatements, types) : undefined;
    const hint =
      found && found !== baseIri
        ? `its terms are under ${found}: pass --base-iri ${found}, or leave it out`
        : 'check the ontology, or pass --base-iri with the IRI its terms start with';
    throw new UserError(
      `no ${TYPES_LISTED} under ${baseIri}${unpublishable.length > 0 ? ` that can be published (${unpublishable.length} cannot: see the unsafe-id warning)` : ''}`,
      hint,
    );
  }
  // Several stages look entities up: each map made once, when first asked for.
  let byIri: ReadonlyMap<string, ModelEntity> | undefined;
  let byId: ReadonlyMap<string, ModelEntity> | undefined;
  const entityByIri = (iri: string) => (byIri ??= mapBy(entities, (entity) => entity.iri)).get(iri);
  const entityById = (id: string) => (byId ??= mapBy(entities, (entity) => entity.id)).get(id);
  warnings.push(...rdfXmlWarnings(index, entities, entityByIri));
  // Asked for by several stages: made once, by forEach (an entries loop makes a pair for each of 18,000 types).
  let classes: string[] | undefined;
  const classIris = () => {
    if (classes === undefined) {
      const found: string[] = [];
      types.forEach(({ type }, iri) => {
        if (typeInfo(type).kind === 'class') found.push(iri);
      });
      classes = found;
    }
    return classes;
  };
  const unpublishedClass = (iri: string) => {
    const declared = types.get(iri);
    return declared === undefined || entityByIri(iri) !== undefined || typeInfo(declared.type).kind !== 'class'
      ? undefined
      : buildClassRecord(iri, index, hierarchy.childrenOf(iri));
  };
  const branches = options.branches === undefined ? {} : { branches: options.branches };
  const recordless = new Set(siteNamed);
  return {
    baseIri,
    ...branches,
    info: ontologyInfo(index),
    entities,
    warnings,
    caseCollisions,
    recordless,
    linked: hierarchy.linked,
    classIris,
    unpublishedClass,
    entityByIri,
    entityById,
  };
}

function mapBy(entities: readonly ModelEntity[], key: (entity: ModelEntity) => string): ReadonlyMap<string, ModelEntity> {
  const map = new Map<string, ModelEntity>();
  for (const entity of entities) map.set(key(entity), entity);
  return map;
}

/**
 * One warning a term whose RDF/XML leaves statements out (rdfxml-limits.ts), naming how many and why. A blank node's
 * statement is the term's whose description reaches it (only then are those descriptions read).
 */
function rdfXmlWarnings(index: TripleIndex, entities: readonly ModelEntity[], entityByIri: (iri: string) => ModelEntity | undefined): string[] {
  if (index.rdfXmlLeftOut.length === 0) return [];
  const leftOut = new Map<ModelEntity, string[]>();
  const add = (entity: ModelEntity, reason: string) => leftOut.set(entity, [...(leftOut.get(entity) ?? []), reason]);
  for (const { subject, subjectIsBlank, block, reason } of index.rdfXmlLeftOut) {
    if (!subjectIsBlank) {
      const entity = entityByIri(subject);
      if (entity) add(entity, reason);
      continue;
    }
    for (const entity of entities) {
      if (!index.summary(entity.iri)?.blocks.includes(block)) continue;
      if (entity.quads.some((quad) => quad.subject.termType === 'BlankNode' && quad.subject.value === subject)) add(entity, reason);
    }
  }
  return [...leftOut].map(([entity, reasons]) => {
    const why = [...new Set(reasons)].join('; ');
    return `rdfxml-left-out: ${typeInfo(entity.type).name} ${entity.id}'s /xml leaves out ${reasons.length} statement(s), which RDF/XML cannot say (${why}); its JSON-LD keeps them`;
  });
}

// The owl:Ontology's own title, description and version, for the site and openapi.json: Dublin Core's elements (as
// FOLIO writes them), else its terms, else the ontology's label or comment.
function ontologyInfo(index: TripleIndex): OntologyInfo {
  const ontology = index.typeStatements.find((statement) => statement.type === OWL_ONTOLOGY)?.subject;
  const first = (...predicates: string[]) =>
    ontology === undefined
      ? null
      : (predicates
          .map((predicate) => index.objects(ontology, predicate).find((term) => term.termType === 'Literal')?.value)
          .find((value) => value !== undefined) ?? null);
  return {
    title: first(P.title, `${NS.dcterms}title`, P.label),
    description: first(P.description, `${NS.dcterms}description`, `${NS.rdfs}comment`),
    version: first(`${NS.owl}versionInfo`),
  };
}
