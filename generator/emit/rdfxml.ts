import type { Literal, Quad } from '@rdfjs/types';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { isRdfXmlSyntaxName, rdfXmlProblem } from '../model/rdfxml-limits.ts';
import { NS, RDF_LANG_STRING, RDF_TYPE, XSD_STRING } from '../model/vocabulary.ts';
import { knownPrefix, splitIri, type QName } from './namespaces.ts';
import type { Statement, TreeNode } from './node-tree.ts';

// xmlbuilder2's own DOM, built through directly: its builder's per-call argument handling was a fifth of the emitter's
// time. Elements and attributes get qualified names, not namespaces (every prefix is declared on the root here), so
// xmlbuilder2 serialises with its plain algorithm: the same bytes in half the time of its namespace-aware one (measured).
type Document = NonNullable<XMLBuilder['node']['ownerDocument']>;
type Element = ReturnType<Document['createElement']>;

/** Assigns prefixes: the well-known ones by name, others ns1, ns2… in order of first use. */
class Prefixes {
  readonly used = new Map<string, string>([[NS.rdf, 'rdf']]);

  qname(iri: string): QName | undefined {
    const parts = splitIri(iri);
    if (!parts) return undefined;
    let prefix = this.used.get(parts.namespace);
    if (!prefix) {
      prefix = knownPrefix(parts.namespace) ?? `ns${[...this.used.values()].filter((p) => p.startsWith('ns')).length + 1}`;
      this.used.set(parts.namespace, prefix);
    }
    return { prefix, namespace: parts.namespace, local: parts.local };
  }
}

/**
 * OWL as RDF/XML holding exactly the entity's source triples, nested as Protégé writes them, but those RDF/XML cannot
 * say (model/rdfxml-limits.ts), which it leaves out.
 */
export function emitRdfXml(tree: TreeNode): string {
  const prefixes = new Prefixes();
  // Names are collected first so every namespace is declared once, on the root element.
  collectNames(tree, prefixes);
  const root = DOM.createElement('rdf:RDF');
  for (const [namespace, prefix] of [...prefixes.used].sort(([, a], [, b]) => (a === 'rdf' ? -1 : b === 'rdf' ? 1 : a < b ? -1 : 1)))
    root.setAttribute(`xmlns:${prefix}`, namespace);
  DOM.appendChild(root);
  try {
    writeNode(root, tree, prefixes);
    return `${scratch.end(END)}\n`;
  } finally {
    DOM.removeChild(root);
  }
}

/**
 * Statements as rdf:Description elements, one per subject, as they stand inside a root that declares `prefixes`
 * (namespace → prefix): for the whole-ontology file, whose root is written apart. A property outside them declares
 * its own namespace; statements RDF/XML cannot say are left out.
 */
export function emitRdfXmlDescriptions(subjects: readonly (readonly Quad[])[], prefixes: ReadonlyMap<string, string>): string {
  const root = DOM.createElement('rdf:RDF');
  DOM.appendChild(root);
  try {
    for (const quads of subjects) writeDescription(root, quads, prefixes);
    if (!root.hasChildNodes()) return '';
    const text = scratch.end(END);
    return text.slice(text.indexOf('<rdf:RDF>') + '<rdf:RDF>\n'.length, text.lastIndexOf('</rdf:RDF>'));
  } finally {
    DOM.removeChild(root);
  }
}

/** The XML declaration and the start of the rdf:RDF root declaring `prefixes` (namespace → prefix), which emitRdfXmlDescriptions' text goes inside. */
export function rdfXmlOpening(prefixes: ReadonlyMap<string, string>): string {
  const declared = [...prefixes].map(([namespace, prefix]) => ` xmlns:${prefix}="${attributeOf(namespace)}"`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF${declared}>\n`;
}

function writeDescription(root: Element, quads: readonly Quad[], prefixes: ReadonlyMap<string, string>): void {
  let description: Element | undefined;
  for (const { subject, predicate, object } of quads) {
    const parts = splitIri(predicate.value);
    const text = object.termType === 'NamedNode' || object.termType === 'Literal' ? object.value : '';
    if (parts === undefined || rdfXmlProblem(predicate.value, text) !== undefined) continue;
    if (description === undefined) {
      description = DOM.createElement('rdf:Description');
      description.setAttribute(subject.termType === 'BlankNode' ? 'rdf:nodeID' : 'rdf:about', attributeOf(subject.value));
      root.appendChild(description);
    }
    const known = prefixes.get(parts.namespace);
    const element = DOM.createElement(`${known ?? 'p'}:${parts.local}`);
    if (known === undefined) element.setAttribute('xmlns:p', attributeOf(parts.namespace));
    description.appendChild(element);
    if (object.termType === 'NamedNode') element.setAttribute('rdf:resource', attributeOf(object.value));
    else if (object.termType === 'BlankNode') element.setAttribute('rdf:nodeID', object.value);
    else if (object.termType === 'Literal') writeLiteral(element, object);
  }
}

// One document for every call, emptied after each (making one per entity was a tenth of the emitter's time).
const scratch = create({ version: '1.0', encoding: 'UTF-8' });
const DOM = scratch.node as Document;
const END = { prettyPrint: true, indent: '    ' } as const;

function collectNames(node: TreeNode, prefixes: Prefixes): void {
  for (const { predicate, value } of node.statements) {
    if (!writable({ predicate, value })) continue;
    prefixes.qname(predicate);
    if (predicate === RDF_TYPE && value.kind === 'iri') prefixes.qname(value.term.value);
    if (value.kind === 'node') collectNames(value.node, prefixes);
  }
}

function writeNode(parent: Element, node: TreeNode, prefixes: Prefixes): void {
  const typeIndex = node.statements.findIndex(
    (s) => s.predicate === RDF_TYPE && s.value.kind === 'iri' && !isRdfXmlSyntaxName(s.value.term.value) && writable(s) && prefixes.qname(s.value.term.value),
  );
  const type = typeIndex >= 0 ? node.statements[typeIndex] : undefined;
  const typeName = type?.value.kind === 'iri' ? prefixes.qname(type.value.term.value) : undefined;
  const element = DOM.createElement(typeName ? `${typeName.prefix}:${typeName.local}` : 'rdf:Description');
  parent.appendChild(element);
  if (node.kind === 'iri' && node.label !== undefined) element.setAttribute('rdf:about', attributeOf(node.label));
  else if (node.label !== undefined) element.setAttribute('rdf:nodeID', attributeOf(node.label));
  node.statements.forEach((statement, index) => {
    if (index !== typeIndex) writeStatement(element, statement, prefixes);
  });
}

/** Whether RDF/XML can say a statement: its predicate and its object's text. */
function writable({ predicate, value }: Statement): boolean {
  const object = value.kind === 'iri' || value.kind === 'literal' ? value.term.value : value.kind === 'ref' ? value.label : '';
  return rdfXmlProblem(predicate, object) === undefined;
}

function writeStatement(parent: Element, statement: Statement, prefixes: Prefixes): void {
  const { predicate, value } = statement;
  const name = writable(statement) ? prefixes.qname(predicate) : undefined;
  if (!name) return;
  const element = DOM.createElement(`${name.prefix}:${name.local}`);
  parent.appendChild(element);
  switch (value.kind) {
    case 'iri':
      element.setAttribute('rdf:resource', attributeOf(value.term.value));
      break;
    case 'ref':
      element.setAttribute('rdf:nodeID', value.label);
      break;
    case 'node':
      writeNode(element, value.node, prefixes);
      break;
    case 'literal':
      writeLiteral(element, value.term);
      break;
  }
}

/** A literal property element's language or datatype (none for a plain string) and its text. */
function writeLiteral(element: Element, { language, datatype, value }: Literal): void {
  if (language) element.setAttribute('xml:lang', language);
  else if (datatype.value !== XSD_STRING && datatype.value !== RDF_LANG_STRING) element.setAttribute('rdf:datatype', attributeOf(datatype.value));
  element.appendChild(DOM.createTextNode(textOf(value)));
}

// xmlbuilder2's serializer leaves an "&" that starts something like an entity ("&amp;", "&x;") as it is, so a
// literal "Smith &amp; Varzi" would read back as "Smith & Varzi": every "&" is escaped here, which it then keeps.
function ampersands(text: string): string {
  return text.replaceAll('&', '&amp;');
}

// Every conformant XML parser reads a raw CR (and CR LF) in text as LF: a CR is written as a character reference,
// which it keeps (and which xmlbuilder2 leaves as it is, as above).
function textOf(text: string): string {
  return ampersands(text).replaceAll('\r', '&#13;');
}

// In an attribute's value a parser also reads a raw tab or line end as a space.
function attributeOf(text: string): string {
  return ampersands(text).replace(/[\t\n\r]/g, (character) => `&#${character.charCodeAt(0)};`);
}
