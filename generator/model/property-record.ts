import type { Literal } from '@rdfjs/types';
import type { PropertyRecord } from '../schema/records.ts';
import { chooseLabel } from './labels.ts';
import type { TripleIndex } from './triple-index.ts';
import { P } from './vocabulary.ts';

/**
 * The live service's record for an object property, derived from its triples in source order; every other kind
 * of property (datatype, annotation, rdf:Property) has the same shape. schema.org's domainIncludes and
 * rangeIncludes are its domain and range.
 */
export function buildPropertyRecord(iri: string, index: TripleIndex): PropertyRecord {
  const record: PropertyRecord = {
    iri,
    label: null,
    sub_property_of: [],
    domain: [],
    range: [],
    inverse_of: null,
    preferred_label: null,
    alternative_labels: [],
    definition: null,
    examples: [],
  };
  const labels: Literal[] = [];
  for (const { predicate, object } of index.about(iri)) {
    const text = object.termType === 'Literal' ? object.value : null;
    const resource = object.termType === 'NamedNode' ? object.value : null;
    switch (predicate.value) {
      case P.label:
        if (object.termType === 'Literal') labels.push(object);
        break;
      case P.subPropertyOf:
        if (resource !== null) record.sub_property_of.push(resource);
        break;
      case P.domain:
      case P.domainIncludes:
      case P.domainIncludesHttp:
        if (resource !== null) record.domain.push(resource);
        break;
      case P.range:
      case P.rangeIncludes:
      case P.rangeIncludesHttp:
        if (resource !== null) record.range.push(resource);
        break;
      case P.inverseOf:
        if (object.termType !== 'BlankNode') record.inverse_of = object.value;
        break;
      case P.prefLabel:
        if (text !== null) record.preferred_label = text;
        break;
      case P.altLabel:
        if (text !== null) record.alternative_labels.push(text);
        break;
      case P.definition:
        if (text !== null) record.definition = text;
        break;
      case P.example:
        if (text !== null) record.examples.push(text);
        break;
    }
  }
  // The live service's property record has no translations: the other languages' labels are not shown.
  record.label = chooseLabel(labels).label;
  return record;
}
