import { fragment } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { loadModel } from '../generator/generate-api.ts';
import { buildNodeTree, type Statement, type TreeNode } from '../generator/emit/node-tree.ts';
import { emitRdfXml } from '../generator/emit/rdfxml.ts';
import { NS, RDF_LANG_STRING, RDF_TYPE, XSD_STRING } from '../generator/model/vocabulary.ts';
import { knownPrefix, splitIri, type QName } from '../generator/emit/namespaces.ts';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
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
const shared = fragment();
const WRITER = { prettyPrint: true, indent: '    ' } as const;
function emit2(tree: TreeNode): string {
  const prefixes = new Prefixes();
  collectNames(tree, prefixes);
  const declarations = Object.fromEntries([...prefixes.used]
    .sort(([, a], [, b]) => (a === 'rdf' ? -1 : b === 'rdf' ? 1 : a < b ? -1 : 1))
    .map(([namespace, prefix]) => [`xmlns:${prefix}`, namespace]));
  const root = shared.ele(NS.rdf, 'rdf:RDF', declarations);
  writeNode(root, tree, prefixes);
  const text = root.toString({ ...WRITER });
  root.remove();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}\n`;
}
function collectNames(node: TreeNode, prefixes: Prefixes): void {
  for (const { predicate, value } of node.statements) {
    prefixes.qname(predicate);
    if (predicate === RDF_TYPE && value.kind === 'iri') prefixes.qname(value.term.value);
    if (value.kind === 'node') collectNames(value.node, prefixes);
  }
}
function writeNode(parent: XMLBuilder, node: TreeNode, prefixes: Prefixes): void {
  const typeIndex = node.statements.findIndex((s) => s.predicate === RDF_TYPE && s.value.kind === 'iri' && prefixes.qname(s.value.term.value));
  const type = typeIndex >= 0 ? node.statements[typeIndex] : undefined;
  const typeName = type?.value.kind === 'iri' ? prefixes.qname(type.value.term.value) : undefined;
  const element = typeName ? parent.ele(typeName.namespace, `${typeName.prefix}:${typeName.local}`) : parent.ele(NS.rdf, 'rdf:Description');
  if (node.kind === 'iri' && node.label !== undefined) element.att(NS.rdf, 'rdf:about', node.label);
  else if (node.label !== undefined) element.att(NS.rdf, 'rdf:nodeID', node.label);
  node.statements.forEach((statement, index) => { if (index !== typeIndex) writeStatement(element, statement, prefixes); });
}
function writeStatement(parent: XMLBuilder, { predicate, value }: Statement, prefixes: Prefixes): void {
  const name = prefixes.qname(predicate)!;
  const element = parent.ele(name.namespace, `${name.prefix}:${name.local}`);
  switch (value.kind) {
    case 'iri': element.att(NS.rdf, 'rdf:resource', value.term.value); break;
    case 'ref': element.att(NS.rdf, 'rdf:nodeID', value.label); break;
    case 'node': writeNode(element, value.node, prefixes); break;
    case 'literal': {
      const { language, datatype } = value.term;
      if (language) element.att(XML_NS, 'xml:lang', language);
      else if (datatype.value !== XSD_STRING && datatype.value !== RDF_LANG_STRING) element.att(NS.rdf, 'rdf:datatype', datatype.value);
      element.txt(value.term.value);
      break;
    }
  }
}
const loaded = await loadModel({ ontology: process.argv[2], baseUrl: 'http://localhost/' });
const trees = loaded.model.entities.map((e) => buildNodeTree(e.iri, e.quads));
let a: string[] = [], b: string[] = [];
for (let r = 0; r < 2; r++) { let t = performance.now(); a = trees.map(emitRdfXml); console.log('xml', performance.now() - t); t = performance.now(); b = trees.map(emit2); console.log('xml2', performance.now() - t); }
let diff = 0; a.forEach((x, i) => { if (x !== b[i] && diff++ < 1) console.log(x, '\n----\n', b[i]); }); console.log('diffs', diff, a.length);
