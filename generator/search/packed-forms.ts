import { escapeJsonText } from '../emit/json.ts';
import type { PackedEntity, SearchEntity } from './core/search-core.js';
import type { SearchLabel } from './expand-nodes.ts';
import { packedHash, type SearchMemo } from './search-memo.ts';
import { nonAsciiCharacters } from './fold-table.ts';
import { PackedJsonReader, packJson, type PackedJson } from './packed-json.ts';
import { joinLabels } from './joined-labels.ts';

/**
 * Each entity's packed form, by number: its hash and byte size, and its escaped JSON text where already made
 * (an update makes the others only for the files that show them); its search labels as the memo keeps them
 * (see joinLabels); and the non-ASCII characters of its labels, which nginx's fold table must cover.
 */
export interface PackedForms {
  hashes: string[];
  sizes: number[];
  json: (string | undefined)[];
  labels: string[];
  characters: string[];
  /** Each entity's number in the previous build if it kept its data there, and that build's texts. */
  previous: (number | undefined)[];
  kept?: PackedJsonReader;
}

/** An entity searched for: the entity, and its search labels or its number in the previous build if it kept its data. */
export interface SourceEntity {
  entity: SearchEntity;
  labels: readonly SearchLabel[] | undefined;
  previous?: number;
}

/** Every entity's packed form, made afresh unless it kept its data, in which case the memo's is taken. */
export function packForms(rows: readonly SourceEntity[], baseIri: string, memo?: SearchMemo): PackedForms {
  const forms: PackedForms = { hashes: [], sizes: [], json: [], labels: [], characters: [], previous: [], kept: memo && new PackedJsonReader(memo.json) };
  for (const { entity, labels, previous } of rows) {
    forms.previous.push(memo && previous);
    if (memo && previous !== undefined) {
      forms.hashes.push(memo.hashes[previous]);
      forms.sizes.push(memo.sizes[previous]);
      forms.json.push(undefined);
      forms.labels.push(memo.labels[previous]);
      forms.characters.push(memo.characters[previous]);
      continue;
    }
    if (labels === undefined) throw new Error(`internal error: search entity ${entity.iri} has neither labels nor a previous build's`);
    const json = JSON.stringify(packEntity(baseIri, entity));
    forms.hashes.push(packedHash(json));
    forms.sizes.push(Buffer.byteLength(json));
    forms.json.push(escapeJsonText(json));
    forms.labels.push(joinLabels(labels));
    forms.characters.push(nonAsciiCharacters(entity));
  }
  return forms;
}

/** An entity's escaped JSON text, read once when a file first shows it: the previous build's if it kept its data. */
export function entityJsonOf(forms: PackedForms, entities: readonly SearchEntity[], baseIri: string): (entity: number) => string {
  return (entity) => {
    const previous = forms.previous[entity];
    return (forms.json[entity] ??=
      forms.kept && previous !== undefined ? forms.kept.text(previous) : escapeJsonText(JSON.stringify(packEntity(baseIri, entities[entity]))));
  };
}

/** The texts the memo keeps: each entity's, the previous build's where it kept its data and no file showed it. */
export function packedJsonOf(forms: PackedForms): PackedJson {
  return packJson(forms.json, forms.previous, forms.kept);
}

/** The compact array form files store an entity in; the IRI is kept relative to the base. */
export function packEntity(base: string, entity: SearchEntity): PackedEntity {
  const fields: PackedEntity = [
    entity.kind === 'class' ? 0 : 1,
    entity.iri.slice(base.length),
    entity.label,
    entity.preferred_label,
    entity.alternative_labels,
    entity.definition,
  ];
  if (entity.extra_labels.length > 0) fields.push(entity.extra_labels);
  return fields;
}
