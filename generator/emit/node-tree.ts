import type { Literal, NamedNode, Quad } from '@rdfjs/types';
import { termKey } from '../model/triple-index.ts';

/** One subject with its statements in source order; blank-node objects are nested nodes. */
export interface TreeNode {
  /** Set for the root (an IRI) and for blank nodes referenced more than once, which need a label. */
  label?: string;
  kind: 'iri' | 'blank';
  statements: Statement[];
}

export type TreeValue =
  | { kind: 'iri'; term: NamedNode }
  | { kind: 'literal'; term: Literal }
  | { kind: 'node'; node: TreeNode }
  | { kind: 'ref'; label: string };

export interface Statement {
  predicate: string;
  value: TreeValue;
}

/**
 * Arranges an entity's triples (its own and those of the blank nodes they reach) as a tree,
 * the shape both JSON-LD and RDF/XML nest restrictions in. A blank node reached twice is
 * nested once and referenced by label after that.
 */
export function buildNodeTree(subject: string, quads: readonly Quad[]): TreeNode {
  const bySubject = new Map<string, Quad[]>();
  const references = new Map<string, number>();
  for (const quad of quads) {
    const key = termKey(quad.subject);
    const group = bySubject.get(key);
    if (group) group.push(quad);
    else bySubject.set(key, [quad]);
    if (quad.object.termType === 'BlankNode') {
      const object = termKey(quad.object);
      references.set(object, (references.get(object) ?? 0) + 1);
    }
  }
  const labels = new Map<string, string>();
  const labelFor = (key: string): string => {
    let label = labels.get(key);
    if (!label) labels.set(key, (label = `b${labels.size}`));
    return label;
  };
  const expanded = new Set<string>();
  const expand = (key: string, kind: TreeNode['kind']): TreeNode => {
    expanded.add(key);
    const node: TreeNode = { kind, statements: [] };
    if (kind === 'iri') node.label = key;
    else if ((references.get(key) ?? 0) > 1) node.label = labelFor(key);
    for (const quad of bySubject.get(key) ?? []) {
      node.statements.push({ predicate: quad.predicate.value, value: treeValue(quad) });
    }
    return node;
  };
  const treeValue = (quad: Quad): TreeValue => {
    const { object } = quad;
    if (object.termType === 'Literal') return { kind: 'literal', term: object };
    if (object.termType === 'NamedNode') return { kind: 'iri', term: object };
    const key = termKey(object);
    return expanded.has(key) ? { kind: 'ref', label: labelFor(key) } : { kind: 'node', node: expand(key, 'blank') };
  };
  return expand(subject, 'iri');
}
