import type { ModelEntity, OntologyModel } from '../model/build-model.ts';
import { P } from '../model/vocabulary.ts';
import { searchLabels } from './client/search-client.js';
import type { SearchLabel } from './expand-nodes.ts';
import type { PackedEntity, SearchEntity } from './client/search-client.js';

const LABEL_PREDICATES = new Set<string>([P.label, P.prefLabel, P.altLabel, P.hiddenLabel]);

/**
 * Search entities, numbered by primary label so the entities a busy prefix lists sit close together:
 * the record's display fields plus every other label the entity's own triples carry; and each one's search labels.
 */
export function searchEntities(model: OntologyModel): { entities: SearchEntity[]; labels: SearchLabel[][] } {
  const entities = model.entities.map((entity): SearchEntity => {
    const record = entity.record;
    const known = new Set([record.label, record.preferred_label, ...record.alternative_labels]);
    return {
      kind: entity.kind,
      iri: entity.iri,
      label: record.label,
      preferred_label: record.preferred_label,
      alternative_labels: record.alternative_labels,
      definition: record.definition,
      extra_labels: [...new Set(labelValues(entity).filter((label) => !known.has(label)))],
    };
  });
  const keyed = entities.map((entity) => {
    const labels = searchLabels(entity);
    return { entity, labels, key: labels[0]?.normalized ?? '' };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entity.iri < b.entity.iri ? -1 : 1));
  return { entities: keyed.map(({ entity }) => entity), labels: keyed.map(({ labels }) => labels) };
}

/** What the search index reads of the model. */
export interface SearchSource {
  entities: SearchEntity[];
  labels: SearchLabel[][];
  baseIri: string;
}

export function searchSource(model: OntologyModel): SearchSource {
  return { ...searchEntities(model), baseIri: model.baseIri };
}

function labelValues(entity: ModelEntity): string[] {
  return entity.quads
    .filter((quad) => quad.subject.value === entity.iri && LABEL_PREDICATES.has(quad.predicate.value) && quad.object.termType === 'Literal')
    .map((quad) => quad.object.value);
}

/** The compact array form files store an entity in; the IRI is kept relative to the base. */
export function packEntity(base: string, entity: SearchEntity): PackedEntity {
  const fields: PackedEntity = [entity.kind === 'class' ? 0 : 1, entity.iri.slice(base.length), entity.label, entity.preferred_label, entity.alternative_labels, entity.definition];
  if (entity.extra_labels.length > 0) fields.push(entity.extra_labels);
  return fields;
}
