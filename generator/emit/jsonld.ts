import type { Literal } from '@rdfjs/types';
import { NS, RDF_LANG_STRING, RDF_TYPE, XSD_BOOLEAN, XSD_STRING } from '../model/vocabulary.ts';
import { emitJson } from './json.ts';
import { compactIri } from './namespaces.ts';
import type { Statement, TreeNode, TreeValue } from './node-tree.ts';

interface TermDefinition {
  iri: string;
  /** Values are IRIs, so they can be written as plain strings. */
  isIri?: boolean;
}

// Short keys for the vocabulary FOLIO uses, so the document reads as plain JSON.
const TERMS: Record<string, TermDefinition> = {
  label: { iri: `${NS.rdfs}label` },
  comment: { iri: `${NS.rdfs}comment` },
  subClassOf: { iri: `${NS.rdfs}subClassOf`, isIri: true },
  subPropertyOf: { iri: `${NS.rdfs}subPropertyOf`, isIri: true },
  domain: { iri: `${NS.rdfs}domain`, isIri: true },
  range: { iri: `${NS.rdfs}range`, isIri: true },
  isDefinedBy: { iri: `${NS.rdfs}isDefinedBy`, isIri: true },
  seeAlso: { iri: `${NS.rdfs}seeAlso`, isIri: true },
  inverseOf: { iri: `${NS.owl}inverseOf`, isIri: true },
  onProperty: { iri: `${NS.owl}onProperty`, isIri: true },
  someValuesFrom: { iri: `${NS.owl}someValuesFrom`, isIri: true },
  allValuesFrom: { iri: `${NS.owl}allValuesFrom`, isIri: true },
  deprecated: { iri: `${NS.owl}deprecated` },
  prefLabel: { iri: `${NS.skos}prefLabel` },
  altLabel: { iri: `${NS.skos}altLabel` },
  hiddenLabel: { iri: `${NS.skos}hiddenLabel` },
  definition: { iri: `${NS.skos}definition` },
  example: { iri: `${NS.skos}example` },
  note: { iri: `${NS.skos}note` },
  historyNote: { iri: `${NS.skos}historyNote` },
  editorialNote: { iri: `${NS.skos}editorialNote` },
  notation: { iri: `${NS.skos}notation` },
  inScheme: { iri: `${NS.skos}inScheme`, isIri: true },
  identifier: { iri: `${NS.dc}identifier` },
  description: { iri: `${NS.dc}description` },
  source: { iri: `${NS.dc}source` },
  country: { iri: `${NS.v1}country` },
};

const TERM_BY_IRI = new Map(Object.entries(TERMS).map(([term, definition]) => [definition.iri, { term, ...definition }]));

/** The one @context every JSON-LD document carries: prefixes, then the short keys. */
export const JSONLD_CONTEXT: Record<string, unknown> = {
  ...NS,
  ...Object.fromEntries(Object.entries(TERMS).map(([term, { iri, isIri }]) => [term, isIri ? { '@id': compactIri(iri), '@type': '@id' } : compactIri(iri)])),
};

type JsonObject = Record<string, unknown>;

/** JSON-LD holding exactly the entity's source triples, nested as in the source. */
export function emitJsonLd(tree: TreeNode): string {
  return emitJson({ '@context': JSONLD_CONTEXT, ...nodeObject(tree) });
}

function nodeObject(node: TreeNode): JsonObject {
  const object: JsonObject = {};
  if (node.label !== undefined) object['@id'] = node.kind === 'iri' ? node.label : `_:${node.label}`;
  const types = node.statements.filter((s) => s.predicate === RDF_TYPE && s.value.kind === 'iri');
  if (types.length > 0) object['@type'] = single(types.map((s) => (s.value.kind === 'iri' ? compactOrFull(s.value.term.value) : '')));
  const groups = new Map<string, unknown[]>();
  for (const statement of node.statements) {
    if (types.includes(statement)) continue;
    const definition = TERM_BY_IRI.get(statement.predicate);
    const key = definition?.term ?? compactOrFull(statement.predicate);
    const values = groups.get(key) ?? [];
    values.push(valueObject(statement, definition?.isIri ?? false));
    groups.set(key, values);
  }
  for (const [key, values] of groups) object[key] = single(values);
  return object;
}

function valueObject(statement: Statement, isIri: boolean): unknown {
  const value: TreeValue = statement.value;
  switch (value.kind) {
    case 'iri':
      return isIri ? value.term.value : { '@id': value.term.value };
    case 'node':
      return nodeObject(value.node);
    case 'ref':
      return { '@id': `_:${value.label}` };
    case 'literal':
      return literalObject(value.term, isIri);
  }
}

function literalObject(literal: Literal, isIri: boolean): unknown {
  if (literal.language) return { '@value': literal.value, '@language': literal.language };
  const datatype = literal.datatype.value;
  // Canonical booleans read best as JSON booleans; toRDF turns them back into the same xsd:boolean literal.
  if (datatype === XSD_BOOLEAN && /^(true|false)$/.test(literal.value)) return literal.value === 'true';
  if (datatype !== XSD_STRING && datatype !== RDF_LANG_STRING) return { '@value': literal.value, '@type': compactOrFull(datatype) };
  return isIri ? { '@value': literal.value } : literal.value;
}

function compactOrFull(iri: string): string {
  return compactIri(iri) ?? iri;
}

function single(values: unknown[]): unknown {
  return values.length === 1 ? values[0] : values;
}
