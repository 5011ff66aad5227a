import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import { P } from '../model/vocabulary.ts';
import { searchLabels } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';
import { packForms, type PackedForms, type SourceEntity } from './packed-forms.ts';
import { firstJoinedLabel } from './joined-labels.ts';
import { KeptSearchEntity } from './kept-entity.ts';
import { KeptLabel } from './kept-label.ts';
import { LabelRows } from './label-rows.ts';
import { memoDefinitions, previousNumbers, type SearchMemo } from './search-memo.ts';
import { definingTerms } from './defining-text.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';

const LABEL_PREDICATES = new Set<string>([P.label, P.prefLabel, P.altLabel, P.hiddenLabel]);

/** What an update takes from the previous build: entities whose own triples did not change keep their search data. */
export interface SourceReuse {
  memo: SearchMemo;
  /** IRIs of the entities whose own triples may have changed (the update plan's): these are worked out again. */
  redo: ReadonlySet<string>;
}

/** What the search index reads of the model. */
import type { WordExampleQueries } from './word-examples.ts';

export interface SearchSource {
  entities: SearchEntity[];
  labels: LabelRows;
  baseIri: string;
  /** Updating: the packed forms, most taken from the previous build (otherwise the index makes them all). */
  forms?: PackedForms;
  /**
   * Each entity's definition terms (see definingTerms): '' where it has no defining text; undefined where an update
   * kept the entity's data, which are then the memo's, at its previous number (`forms.previous`, see definitionOf).
   */
  definitions: (string | undefined)[];
  /** The queries openapi.json's label and definition search examples show (the build answers them from its files). */
  examples?: WordExampleQueries;
}

/**
 * Search entities, numbered by primary label so the entities a busy prefix lists sit close together:
 * the record's display fields plus every other label the entity's own triples carry; and each one's search labels.
 */
export function searchSource(model: OntologyModel, reuse?: SourceReuse): SearchSource {
  const memo = reuse && reuse.memo.baseIri === model.baseIri ? reuse.memo : undefined;
  const numbers = memo && previousNumbers(memo);
  const rows = model.entities.map((modelEntity): Row => {
    const previous = numbers && !reuse?.redo.has(modelEntity.iri) ? numbers.get(modelEntity.iri) : undefined;
    // The entity's triples are as they were, so its labels normalise as they did and its record need not be made.
    if (memo && previous !== undefined) return { entity: new KeptSearchEntity(modelEntity, searchEntity), labels: undefined, previous, definition: undefined };
    const entity = searchEntity(modelEntity);
    const labels = searchLabels(entity);
    return { entity, labels, key: labels[0]?.normalized ?? '', definition: definingTerms(modelEntity) };
  });
  // A kept entity's labels, as the memo joins them.
  const joined = (row: Row): string => {
    if (memo === undefined || row.previous === undefined)
      throw new Error(`internal error: search entity ${row.entity.iri} has neither labels nor a previous build's`);
    return memo.labels[row.previous];
  };
  sortRows(rows, memo?.iris.length ?? 0, (row) => (row.key ??= firstJoinedLabel(joined(row))));
  const entities = rows.map(({ entity }) => entity);
  return {
    entities,
    labels: new LabelRows(
      rows.map(({ labels }) => labels),
      (number) => joined(rows[number]),
      (number, normalized, primary) => normalized.map((label, at) => new KeptLabel(label, primary && at === 0, entities[number], at)),
    ),
    baseIri: model.baseIri,
    forms: memo && packForms(rows, model.baseIri, memo),
    definitions: rows.map(({ definition }) => definition),
  };
}

/** The entity's definition terms: its own, or the memo's where it kept its data. */
export function definitionOf(source: SearchSource, memo: SearchMemo | undefined, entity: number): string {
  const row = definitionRow(source, entity);
  if (typeof row === 'string') return row;
  if (memo === undefined) throw new Error(`internal error: search entity ${entity} kept its definition terms from a memo not given`);
  return memoDefinitions(memo).at(row);
}

/** The entity's own definition terms, or the number of the previous memo's row that holds them. */
export function definitionRow(source: SearchSource, entity: number): string | number {
  const row = source.definitions[entity] ?? source.forms?.previous[entity];
  if (row === undefined) throw new Error(`internal error: search entity ${entity} has neither definition terms nor a previous build's`);
  return row;
}

/** An entity's search data: its labels where made afresh (a kept entity's are the memo's, joined), and its sort key (its first label). */
type Row = SourceEntity & { key?: string; definition: string | undefined };

/**
 * Sorts the rows by primary label, then IRI. Rows that kept their data kept their labels, so they stand in the
 * previous build's order: they are put in it by number, and only the others are sorted, each put in its place
 * among them by binary search (an update changes few).
 */
function sortRows(rows: Row[], previousCount: number, keyOf: (row: Row) => string): void {
  const byKey = (a: Row, b: Row): number => {
    const first = keyOf(a);
    const second = keyOf(b);
    return first < second ? -1 : first > second ? 1 : a.entity.iri < b.entity.iri ? -1 : 1;
  };
  const byPrevious: (Row | undefined)[] = new Array<Row | undefined>(previousCount);
  const others: Row[] = [];
  for (const row of rows) {
    if (row.previous === undefined) others.push(row);
    else byPrevious[row.previous] = row;
  }
  const kept = byPrevious.filter((row): row is Row => row !== undefined);
  others.sort(byKey);
  let at = 0;
  let from = 0;
  for (const other of others) {
    const place = firstNotBefore(kept.length, (index) => byKey(kept[index], other) < 0, from);
    while (from < place) rows[at++] = kept[from++];
    rows[at++] = other;
  }
  while (from < kept.length) rows[at++] = kept[from++];
}

function searchEntity(entity: ModelEntity): SearchEntity {
  const record = entity.record;
  return {
    kind: entity.kind,
    iri: entity.iri,
    label: record.label,
    preferred_label: record.preferred_label,
    alternative_labels: record.alternative_labels,
    definition: record.definition,
    extra_labels: extraLabels(entity),
  };
}

/** The labels the entity's own triples carry beyond the record's, each once, in triple order (lists are short: no sets). */
function extraLabels(entity: ModelEntity): string[] {
  const { record } = entity;
  const extra: string[] = [];
  for (const quad of entity.quads) {
    if (quad.subject.value !== entity.iri || quad.object.termType !== 'Literal' || !LABEL_PREDICATES.has(quad.predicate.value)) continue;
    const label = quad.object.value;
    if (label === record.label || label === record.preferred_label || record.alternative_labels.includes(label) || extra.includes(label)) continue;
    extra.push(label);
  }
  return extra;
}
