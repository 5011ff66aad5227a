import type { Literal, Quad, Term } from '@rdfjs/types';
import { chooseLabel } from './labels.ts';
import type { ClassRecord } from '../schema/records.ts';
import type { TripleIndex } from './triple-index.ts';
import { termKey } from './triple-index.ts';
import { OWL_RESTRICTION, P, RDF_TYPE } from './vocabulary.ts';

/** The live service's record for a class, derived from the class's triples in source order. */
export function buildClassRecord(iri: string, index: TripleIndex, children: readonly string[]): ClassRecord {
  const record = emptyClassRecord(iri, children);
  const labels: Literal[] = [];
  for (const quad of index.about(iri)) applyClassTriple(record, quad, index, labels);
  const chosen = chooseLabel(labels);
  record.label = chosen.label;
  // A label in another language is that language's translation, over an alternative label in it.
  Object.assign(record.translations, chosen.translations);
  return record;
}

/** A class record with nothing stated yet: every field, in the wire order. */
export function emptyClassRecord(iri: string, children: readonly string[]): ClassRecord {
  return {
    iri,
    label: null,
    sub_class_of: [],
    parent_class_of: [...children],
    is_defined_by: null,
    see_also: [],
    comment: null,
    deprecated: false,
    preferred_label: null,
    alternative_labels: [],
    translations: {},
    hidden_label: null,
    definition: null,
    examples: [],
    notes: [],
    history_note: null,
    editorial_note: null,
    in_scheme: null,
    identifier: null,
    description: null,
    source: null,
    country: null,
  };
}

/** Predicates whose literal sets one text field of the record (the last one stated wins). */
const TEXT_FIELDS = new Map<string, TextField>([
  [P.comment, 'comment'],
  [P.prefLabel, 'preferred_label'],
  [P.definition, 'definition'],
  [P.historyNote, 'history_note'],
  [P.editorialNote, 'editorial_note'],
  [P.inScheme, 'in_scheme'],
  [P.identifier, 'identifier'],
  [P.description, 'description'],
  [P.source, 'source'],
  [P.country, 'country'],
]);

/** The record's fields that hold one string or null. */
type TextField = {
  [Field in keyof ClassRecord]: ClassRecord[Field] extends string | null ? (string | null extends ClassRecord[Field] ? Field : never) : never;
}[keyof ClassRecord];

/** What one triple of a class adds to its record; rdfs:label literals are collected in `labels` for chooseLabel. */
export function applyClassTriple(record: ClassRecord, { predicate, object }: Quad, index: TripleIndex, labels: Literal[]): void {
  const text = object.termType === 'Literal' ? object.value : null;
  const field = TEXT_FIELDS.get(predicate.value);
  if (field !== undefined) {
    if (text !== null) record[field] = text;
    return;
  }
  switch (predicate.value) {
    case P.label:
      if (object.termType === 'Literal') labels.push(object);
      break;
    case P.subClassOf:
      if (object.termType === 'NamedNode') record.sub_class_of.push(object.value);
      else record.see_also.push(...seeAlsoRestrictionTargets(object, index));
      break;
    case P.isDefinedBy:
      if (object.termType === 'NamedNode') record.is_defined_by = object.value;
      break;
    case P.seeAlso:
      if (object.termType !== 'BlankNode') record.see_also.push(object.value);
      break;
    case P.deprecated:
      record.deprecated = isTrue(object);
      break;
    case P.altLabel:
      if (text === null) break;
      if (object.termType === 'Literal' && object.language) record.translations[object.language] = text;
      addOnce(record.alternative_labels, text);
      break;
    case P.hiddenLabel:
      if (text === null) break;
      record.hidden_label = text;
      addOnce(record.alternative_labels, text);
      break;
    case P.example:
      if (text !== null) record.examples.push(text);
      break;
    case P.note:
      if (text !== null) record.notes.push(text);
      break;
  }
}

// FOLIO states "see also" as `subClassOf [ owl:onProperty rdfs:seeAlso ; owl:someValuesFrom X ]`.
function seeAlsoRestrictionTargets(node: Term, index: TripleIndex): string[] {
  const key = termKey(node);
  const isRestriction = index.objects(key, RDF_TYPE).some((type) => type.value === OWL_RESTRICTION);
  const onSeeAlso = index.objects(key, P.onProperty).some((property) => property.value === P.seeAlso);
  if (!isRestriction || !onSeeAlso) return [];
  return index
    .objects(key, P.someValuesFrom)
    .filter((target) => target.termType === 'NamedNode')
    .map((target) => target.value);
}

// The live service lists a label once even when two languages share its spelling.
export function addOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function isTrue(object: Term): boolean {
  return object.termType === 'Literal' && /^(true|1)$/i.test(object.value.trim());
}
