import type { Literal } from '@rdfjs/types';
import type { ClassRecord } from '../schema/records.ts';
import { addOnce, applyClassTriple, emptyClassRecord } from './class-record.ts';
import { chooseLabel } from './labels.ts';
import type { TripleIndex } from './triple-index.ts';
import { P } from './vocabulary.ts';

/**
 * A skos:Concept's record has the class record's shape, so a client of the live service walks a thesaurus as it
 * walks FOLIO: `sub_class_of` holds the broader concepts and `parent_class_of` the narrower ones (each stated
 * either way); `label` is the skos:prefLabel (chosen by language as rdfs:label is; rdfs:label when there is
 * none), the other languages' prefLabels its translations; skos:related joins `see_also`, skos:scopeNote and
 * skos:changeNote `notes`, skos:notation is the `identifier`, skos:inScheme the `in_scheme` (an IRI).
 */
export function buildConceptRecord(iri: string, index: TripleIndex, parents: readonly string[], children: readonly string[]): ClassRecord {
  const record = emptyClassRecord(iri, children);
  const labels: Literal[] = [];
  const prefLabels: Literal[] = [];
  for (const quad of index.about(iri)) {
    const { predicate, object } = quad;
    const text = object.termType === 'Literal' ? object.value : null;
    switch (predicate.value) {
      case P.prefLabel:
        if (object.termType === 'Literal') prefLabels.push(object);
        break;
      // In a thesaurus an alternative label in another language is a synonym there, not the translation.
      case P.altLabel:
        if (text !== null) addOnce(record.alternative_labels, text);
        break;
      case P.related:
        if (object.termType === 'NamedNode') record.see_also.push(object.value);
        break;
      case P.scopeNote:
      case P.changeNote:
        if (text !== null) record.notes.push(text);
        break;
      case P.notation:
        if (text !== null) record.identifier = text;
        break;
      case P.inScheme:
        if (object.termType !== 'BlankNode') record.in_scheme = object.value;
        break;
      case P.broader:
      case P.narrower:
        break;
      default:
        applyClassTriple(record, quad, index, labels);
    }
  }
  const chosen = chooseLabel(prefLabels.length > 0 ? prefLabels : labels);
  record.label = chosen.label;
  if (prefLabels.length > 0) record.preferred_label = chosen.label;
  Object.assign(record.translations, chosen.translations);
  record.sub_class_of = [...parents];
  return record;
}
