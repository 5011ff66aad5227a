// What the edits change, whatever the syntax: descriptions of subjects (an RDF/XML block, a Turtle subject's
// statements), each a list of statements in source order. Files parse into these once and are written back
// from them, so an edit works alike on RDF/XML and on Turtle.
import { NS } from '../../../generator/model/vocabulary.ts';

export type ObjectTerm =
  | { kind: 'iri'; iri: string }
  | { kind: 'literal'; text: string; language?: string; datatype?: string }
  /** FOLIO's `rdfs:subClassOf [ a owl:Restriction ; owl:onProperty P ; owl:someValuesFrom T ]`. */
  | { kind: 'restriction'; onProperty: string; target: string }
  /** Nested RDF/XML the parser keeps as written (only an RDF/XML file can hold it). */
  | { kind: 'xml'; xml: string };

export interface Statement {
  /** The predicate's full IRI. */
  predicate: string;
  object: ObjectTerm;
}

export interface Description {
  iri: string;
  /** The type its element or first `a` names; undefined for rdf:Description, or a Turtle subject stated without one. */
  type?: string;
  statements: Statement[];
}

/** A top-level unit the parser did not take apart (the ontology header, markup it does not know), kept as written. */
export interface KeptUnit {
  written: string;
}

export type Unit = Description | KeptUnit;

export function isDescription(unit: Unit): unit is Description {
  return 'statements' in unit;
}

/** A file the edits change: its units in file order (an RDF/XML file's blocks, a Turtle file's subjects). */
export interface EditableFile {
  readonly name: string;
  readonly syntax: 'rdfxml' | 'turtle';
  units: Unit[];
  text(): string;
}

export const RDF_TYPE = `${NS.rdf}type`;
export const OWL = {
  Class: `${NS.owl}Class`,
  ObjectProperty: `${NS.owl}ObjectProperty`,
  DatatypeProperty: `${NS.owl}DatatypeProperty`,
  AnnotationProperty: `${NS.owl}AnnotationProperty`,
  Restriction: `${NS.owl}Restriction`,
  Thing: `${NS.owl}Thing`,
  equivalentClass: `${NS.owl}equivalentClass`,
  deprecated: `${NS.owl}deprecated`,
  inverseOf: `${NS.owl}inverseOf`,
  onProperty: `${NS.owl}onProperty`,
  someValuesFrom: `${NS.owl}someValuesFrom`,
} as const;
export const RDFS_CLASS = `${NS.rdfs}Class`;
export const RDF_PROPERTY = `${NS.rdf}Property`;
export const SKOS_CONCEPT = `${NS.skos}Concept`;
export const SKOS_CONCEPT_SCHEME = `${NS.skos}ConceptScheme`;
export const XSD_BOOLEAN = `${NS.xsd}boolean`;

export const iri = (value: string): ObjectTerm => ({ kind: 'iri', iri: value });
export const literal = (text: string, language?: string, datatype?: string): ObjectTerm => ({
  kind: 'literal',
  text,
  ...(language ? { language } : {}),
  ...(datatype ? { datatype } : {}),
});

/** The namespace prefixes the written files declare (Turtle) or that RDF/XML heads may declare. */
export const PREFIXES: Record<string, string> = { ...NS };

/** `prefix:local` for an IRI under one of the namespaces, with a local name both syntaxes accept; else undefined. */
export function compact(value: string, namespaces: Readonly<Record<string, string>>): string | undefined {
  let best: [string, string] | undefined;
  for (const [prefix, namespace] of Object.entries(namespaces)) {
    if (!value.startsWith(namespace) || (best && best[1].length >= namespace.length)) continue;
    if (/^[A-Za-z_][\w-]*$/.test(value.slice(namespace.length))) best = [prefix, namespace];
  }
  return best && `${best[0]}:${value.slice(best[1].length)}`;
}

/** The subjects' types wherever they are stated: a description's own type and its rdf:type statements. */
export function typesOf(description: Description): string[] {
  const stated = description.statements.flatMap(({ predicate, object }) => (predicate === RDF_TYPE && object.kind === 'iri' ? [object.iri] : []));
  return description.type === undefined ? stated : [description.type, ...stated];
}
