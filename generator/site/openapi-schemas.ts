// JSON Schemas (OpenAPI 3.1 dialect) of what the site serves; field order follows the live service.

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const iri = { type: 'string', format: 'iri' };
const iris = { type: 'array', items: iri };
const texts = { type: 'array', items: text };

function object(properties: Record<string, unknown>, description: string): Record<string, unknown> {
  return { type: 'object', description, properties, required: Object.keys(properties), additionalProperties: false };
}

export const SCHEMAS: Record<string, unknown> = {
  ClassRecord: object(
    {
      iri,
      label: nullableText,
      sub_class_of: iris,
      parent_class_of: iris,
      is_defined_by: { type: ['string', 'null'], format: 'iri' },
      see_also: texts,
      comment: nullableText,
      deprecated: { type: 'boolean' },
      preferred_label: nullableText,
      alternative_labels: texts,
      translations: { type: 'object', additionalProperties: text, description: 'label by language tag' },
      hidden_label: nullableText,
      definition: nullableText,
      examples: texts,
      notes: texts,
      history_note: nullableText,
      editorial_note: nullableText,
      in_scheme: nullableText,
      identifier: nullableText,
      description: nullableText,
      source: nullableText,
      country: nullableText,
    },
    'An OWL or RDFS class, as the live FOLIO API returns it. A SKOS concept has the same shape: `sub_class_of` lists its broader concepts, `parent_class_of` its narrower ones, `label` is its skos:prefLabel.',
  ),
  PropertyRecord: object(
    {
      iri,
      label: nullableText,
      sub_property_of: iris,
      domain: iris,
      range: iris,
      inverse_of: nullableText,
      preferred_label: nullableText,
      alternative_labels: texts,
      definition: nullableText,
      examples: texts,
    },
    'An OWL object property, as the live FOLIO API returns it; datatype and annotation properties and rdf:Property have the same shape.',
  ),
  SearchHit: object(
    {
      iri,
      label: nullableText,
      preferred_label: nullableText,
      alternative_labels: texts,
      definition: nullableText,
      match: { type: 'string', description: 'the label, as written, that matched' },
    },
    'One entity a prefix search found.',
  ),
  SearchResponse: object(
    {
      classes: { type: 'array', items: { $ref: '#/components/schemas/SearchHit' } },
      properties: { type: 'array', items: { $ref: '#/components/schemas/SearchHit' } },
      total_classes: { type: 'integer', minimum: 0 },
      total_properties: { type: 'integer', minimum: 0 },
    },
    'Classes (and concepts) and properties apart, each list capped by `limit`; totals are exact.',
  ),
  SearchIndexEntry: {
    type: 'object',
    description:
      'The prefix index entry file: where each shard begins (its file `s/…` is named after that), and where each rest and chunk file begins with its content-hashed name (`r/{name}.json`, `c/{name}.json`).',
    properties: {
      v: { type: 'integer' },
      base: iri,
      shards: texts,
      rest: { type: 'array', items: { type: 'array', prefixItems: [text, text], minItems: 2, maxItems: 2 } },
      chunks: { type: 'array', items: { type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }, text], minItems: 2, maxItems: 2 } },
    },
    required: ['v', 'base', 'shards', 'rest', 'chunks'],
  },
  WordSearchResponse: object(
    {
      results: { type: 'array', items: { $ref: '#/components/schemas/ScoredRecord' } },
      properties: { type: 'array', items: { $ref: '#/components/schemas/ScoredRecord' } },
    },
    'Classes (and concepts) in `results` and properties apart, best first, each list capped by `limit`; empty for a query under 2 or over 1024 characters, with a control character, or without a letter or digit.',
  ),
  ScoredRecord: {
    type: 'array',
    description: "One result: the entity's record (as `GET /{id}` answers it) and its score in [0, 1].",
    prefixItems: [{ $ref: '#/components/schemas/ClassRecord' }, { type: 'number', minimum: 0, maximum: 1 }],
    minItems: 2,
    maxItems: 2,
  },
  NotFound: object({ message: { type: 'string', const: 'Entity not found.' } }, 'No class or property has this id.'),
  BadRequest: object({ detail: text }, 'What was wrong with the query.'),
};
