import type { BlankNode, Literal, NamedNode } from '@rdfjs/types';
import { DataFactory, Writer } from 'n3';
import { NS, RDF_LANG_STRING, RDF_TYPE, XSD_BOOLEAN, XSD_STRING } from '../model/vocabulary.ts';
import { splitIri } from './namespaces.ts';
import type { Statement, TreeNode, TreeValue } from './node-tree.ts';
import { codePointBackslashes, ended, escapingAngles, N_TRIPLES_ESCAPES, TURTLE_ESCAPES } from './n3-text.ts';

const { blankNode, namedNode, quad } = DataFactory;
const UNWRITTEN_DATATYPES = new Set([XSD_STRING, RDF_LANG_STRING]);

// What n3's writer takes as an object: a term, or the nested blank node its `blank` makes.
type Written = ReturnType<Writer['blank']>;
type ObjectTerm = NamedNode | BlankNode | Literal | Written;

/**
 * Turtle holding exactly the entity's source triples: the well-known prefixes it uses and the term's own
 * namespace as the empty prefix (as Protégé writes an ontology's), blank nodes nested where the source reaches
 * them once and labelled where it reaches them more often. Written by n3's writer.
 */
export function emitTurtle(tree: TreeNode): string {
  const writer = escapingAngles(new Writer({ format: 'Turtle', prefixes: prefixesOf(tree) }), TURTLE_ESCAPES);
  const subject = namedNode(tree.label ?? '');
  for (const statement of tree.statements) writer.addQuad(subject, namedNode(statement.predicate), nestedObject(writer, statement.value));
  // The blank nodes with labels (reached more than once) are written apart, in the order the tree reaches them.
  for (const node of nestedNodes(tree)) if (node.label !== undefined) writeLabelled(writer, node);
  return ended(writer);
}

/**
 * N-Triples holding exactly the entity's source triples, blank nodes labelled b0, b1… in order: n3's writer's canonical
 * form, but for "<" in a literal, escaped (see escapingAngles), and a backslash, as a code point (see codePointBackslashes).
 */
export function emitNTriples(tree: TreeNode): string {
  const writer = escapingAngles(new Writer({ format: 'N-Triples' }), N_TRIPLES_ESCAPES);
  const labels = new BlankLabels(tree);
  const write = (node: TreeNode): void => {
    const subject = node.kind === 'iri' ? namedNode(node.label ?? '') : labels.of(node);
    for (const { predicate, value } of node.statements) {
      const object = value.kind === 'node' ? labels.of(value.node) : value.kind === 'ref' ? labels.named(value.label) : value.term;
      writer.addQuad(quad(subject, namedNode(predicate), object));
      if (value.kind === 'node') write(value.node);
    }
  };
  write(tree);
  return codePointBackslashes(ended(writer));
}

/** Blank node labels for N-Triples: each node's in the order the tree reaches it, the tree's own labels mapped to them. */
class BlankLabels {
  readonly #labels = new Map<TreeNode, BlankNode>();
  readonly #byTreeLabel = new Map<string, BlankNode>();

  constructor(tree: TreeNode) {
    nestedNodes(tree).forEach((node, at) => {
      const label = blankNode(`b${at}`);
      this.#labels.set(node, label);
      if (node.label !== undefined) this.#byTreeLabel.set(node.label, label);
    });
  }

  of(node: TreeNode): BlankNode {
    return BlankLabels.#found(this.#labels.get(node));
  }

  /** A reference's node: the tree labels a node it reaches again, and reaches it first. */
  named(treeLabel: string): BlankNode {
    return BlankLabels.#found(this.#byTreeLabel.get(treeLabel));
  }

  static #found(label: BlankNode | undefined): BlankNode {
    if (label === undefined) throw new Error('a blank node the tree does not reach');
    return label;
  }
}

/** A statement's object in Turtle: a blank node reached once nested in `[ … ]`, one with a label by that label. */
function nestedObject(writer: Writer, value: TreeValue): ObjectTerm {
  if (value.kind === 'ref') return blankNode(value.label);
  if (value.kind !== 'node') return value.term;
  if (value.node.label !== undefined) return blankNode(value.node.label);
  return writer.blank(
    value.node.statements.map((statement: Statement) => ({ predicate: namedNode(statement.predicate), object: nestedObject(writer, statement.value) })),
  );
}

/** The blank nodes nested in the tree, in the order it reaches them (depth first). */
function nestedNodes(tree: TreeNode): TreeNode[] {
  const found: TreeNode[] = [];
  const visit = (node: TreeNode): void => {
    for (const { value } of node.statements) {
      if (value.kind !== 'node') continue;
      found.push(value.node);
      visit(value.node);
    }
  };
  visit(tree);
  return found;
}

function writeLabelled(writer: Writer, node: TreeNode): void {
  const subject = blankNode(node.label);
  for (const statement of node.statements) writer.addQuad(subject, namedNode(statement.predicate), nestedObject(writer, statement.value));
}

/** The prefixes the tree's IRIs use: the well-known ones by their names, the term's own namespace as "". */
function prefixesOf(tree: TreeNode): Record<string, string> {
  const own = splitIri(tree.label ?? '')?.namespace;
  const used = new Set<string>();
  const note = (iri: string) => {
    const namespace = splitIri(iri)?.namespace;
    if (namespace !== undefined) used.add(namespace);
  };
  const visit = (node: TreeNode): void => {
    for (const { predicate, value } of node.statements) {
      // rdf:type is written `a`; a plain or language-tagged literal without its datatype.
      if (predicate !== RDF_TYPE) note(predicate);
      if (value.kind === 'iri') note(value.term.value);
      else if (value.kind === 'literal' && !writtenBare(value.term)) note(value.term.datatype.value);
      else if (value.kind === 'node') visit(value.node);
    }
  };
  visit(tree);
  const prefixes: Record<string, string> = {};
  if (own !== undefined) prefixes[''] = own;
  for (const [prefix, namespace] of Object.entries(NS)) if (used.has(namespace) && namespace !== own) prefixes[prefix] = namespace;
  return prefixes;
}

/** Whether n3's writer writes the literal without its datatype: a string, a language-tagged text, `true` or `false`. */
function writtenBare({ datatype, value }: Literal): boolean {
  return UNWRITTEN_DATATYPES.has(datatype.value) || (datatype.value === XSD_BOOLEAN && (value === 'true' || value === 'false'));
}
