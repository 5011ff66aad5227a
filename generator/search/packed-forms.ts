import { escapeJsonText } from '../emit/json.ts';
import type { PackedEntity, SearchEntity } from './client/search-client.js';
import type { SearchLabel } from './expand-nodes.ts';
import { packedHash, type SearchMemo } from './search-memo.ts';

/**
 * Each entity's packed form, by number: its hash and byte size, and its escaped JSON text where already made
 * (an update makes the others only for the files that show them); and its normalised labels as the memo keeps them.
 */
export interface PackedForms {
  hashes: string[];
  sizes: number[];
  json: (string | undefined)[];
  labels: string[];
}

// Normalising turns every control character into a space, so none occurs inside a normalised label.
export const LABEL_SEPARATOR = '\u0000';

/** An entity searched for: the entity, its search labels, and its number in the previous build if it kept its data. */
export interface SourceEntity {
  entity: SearchEntity;
  labels: SearchLabel[];
  previous?: number;
}

/** Every entity's packed form, made afresh unless it kept its data, in which case the memo's is taken. */
export function packForms(rows: readonly SourceEntity[], baseIri: string, memo?: SearchMemo): PackedForms {
  const forms: PackedForms = { hashes: [], sizes: [], json: [], labels: [] };
  for (const { entity, labels, previous } of rows) {
    if (memo && previous !== undefined) {
      forms.hashes.push(memo.hashes[previous]);
      forms.sizes.push(memo.sizes[previous]);
      forms.json.push(undefined);
      forms.labels.push(memo.labels[previous]);
      continue;
    }
    const json = JSON.stringify(packEntity(baseIri, entity));
    forms.hashes.push(packedHash(json));
    forms.sizes.push(Buffer.byteLength(json));
    forms.json.push(escapeJsonText(json));
    forms.labels.push(labels.map((label) => label.normalized).join(LABEL_SEPARATOR));
  }
  return forms;
}

/** An entity's escaped JSON text, made once when a file first shows it. */
export function entityJsonOf(forms: PackedForms, entities: readonly SearchEntity[], baseIri: string): (entity: number) => string {
  return (entity) => (forms.json[entity] ??= escapeJsonText(JSON.stringify(packEntity(baseIri, entities[entity]))));
}

/** The compact array form files store an entity in; the IRI is kept relative to the base. */
export function packEntity(base: string, entity: SearchEntity): PackedEntity {
  const fields: PackedEntity = [entity.kind === 'class' ? 0 : 1, entity.iri.slice(base.length), entity.label, entity.preferred_label, entity.alternative_labels, entity.definition];
  if (entity.extra_labels.length > 0) fields.push(entity.extra_labels);
  return fields;
}
