// What RDF/XML cannot say: a statement whose predicate is one of its syntax names (`<rdf:resource>` as a property
// element is no RDF/XML), whose predicate has no XML name (RDF/XML names a predicate by its IRI's last segment), or
// that holds a character XML 1.0 cannot carry (U+0008, U+FFFE, a lone surrogate). Such a statement is left out of
// `/{id}/xml` alone (emit/rdfxml.ts), with one warning for its term (build-model.ts), and kept in JSON-LD.
import { MAYBE_NOT_XML } from '../text/xml-characters.ts';
import { NS } from './vocabulary.ts';

// XML names: a letter or "_" first, then letters, digits, ".", "-", "_".
const NCNAME = /^[\p{L}_][\p{L}\p{N}._-]*$/u;

/** Splits an IRI after its last "#" or "/" when the rest is a valid XML local name. */
export function splitIri(iri: string): { namespace: string; local: string } | undefined {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1;
  const local = iri.slice(cut);
  return cut > 0 && NCNAME.test(local) ? { namespace: iri.slice(0, cut), local } : undefined;
}

// The names RDF/XML's grammar reads as syntax, not as a property element (rdf:li stands for rdf:_1, rdf:_2, …).
const SYNTAX_NAMES = new Set(
  ['RDF', 'ID', 'about', 'bagID', 'parseType', 'resource', 'nodeID', 'aboutEach', 'aboutEachPrefix', 'datatype', 'Description', 'li'].map(
    (name) => `${NS.rdf}${name}`,
  ),
);

// Every character XML 1.0 forbids (its Char production), and a surrogate that is not half of a pair.
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// The emitter asks of every statement it writes: the precise search (with its lookarounds) only where the quick one finds a candidate.
function forbiddenIn(text: string): RegExpExecArray | null {
  return MAYBE_NOT_XML.test(text) ? NOT_XML.exec(text) : null;
}

/** Whether a name can be a node element's name: a type written as the element that holds the node. */
export function isRdfXmlSyntaxName(iri: string): boolean {
  return SYNTAX_NAMES.has(iri);
}

/** Why RDF/XML cannot hold a statement with this predicate and object text (an IRI, a blank node label, a literal's value), or undefined. */
export function rdfXmlProblem(predicate: string, object: string): string | undefined {
  if (SYNTAX_NAMES.has(predicate)) return `its predicate rdf:${predicate.slice(NS.rdf.length)} is one of RDF/XML's syntax names`;
  const forbidden = forbiddenIn(predicate) ?? forbiddenIn(object);
  if (forbidden) return `it holds U+${(forbidden[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}, a character XML 1.0 cannot carry`;
  if (!splitIri(predicate)) return `its predicate ${predicate} has no XML name (RDF/XML names a predicate by its IRI's last segment)`;
  return undefined;
}
