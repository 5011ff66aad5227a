// The live service's taxonomy answers (folio-api's routes/taxonomy.py over folio-python), computed from the graph:
// its branch counts, a branch's depth-first walk, the explorer tree's lists and a node's details.
import type { ClassRecord } from '../schema/records.ts';
import { compareCodePoints } from '../search/core/search-core.js';
import { branchesOf, treeRootsOf } from './branches.ts';
import { OWL_THING, type LiveGraph } from './live-graph.ts';

const NO_DEFINITION = 'No definition available';
const UNNAMED_CLASS = 'Unnamed Class';

/** `/taxonomy/branches`: each branch's number of direct children (0 for a branch whose root is absent). */
export function branchCounts(graph: LiveGraph): Record<string, number> {
  return Object.fromEntries(branchesOf(graph).map((branch) => [branch.name, walkBelow(graph, branch.root, 1).length]));
}

/**
 * `/taxonomy/{segment}?max_depth=`: the classes below the branch root, depth first in each class's order of
 * children, to `maxDepth` levels (negative: all), a class reached by two paths listed twice; undefined for a segment
 * that is no branch. A cycle ends where it comes back (the live service recurses until it fails).
 */
export function branchWalk(graph: LiveGraph, segment: string, maxDepth: number): { classes: ClassRecord[]; properties: [] } | undefined {
  const branch = branchesOf(graph).find((candidate) => candidate.segment === segment);
  return branch && { classes: walkBelow(graph, branch.root, maxDepth), properties: [] };
}

/** folio-python's get_children: the subgraph below `root` (root left out wherever it recurs). */
export function walkBelow(graph: LiveGraph, root: string, maxDepth: number): ClassRecord[] {
  return walkWithDepths(graph, root, maxDepth).map(([, record]) => record);
}

/** The same walk with each class's depth below the root (1: a child), so that a shallower one is a filter of a deeper one. */
export function walkWithDepths(graph: LiveGraph, root: string, maxDepth: number): [number, ClassRecord][] {
  const start = graph.classOf(root);
  if (!start) return [];
  const walked: [number, ClassRecord][] = [];
  const onPath = new Set<string>();
  const visit = (record: ClassRecord, depth: number) => {
    walked.push([depth, record]);
    if (depth === maxDepth || onPath.has(record.iri)) return;
    onPath.add(record.iri);
    for (const child of record.parent_class_of) {
      const found = graph.classOf(child);
      if (found) visit(found, depth + 1);
    }
    onPath.delete(record.iri);
  };
  visit(start, 0);
  return walked.filter(([, record]) => record.iri !== start.iri);
}

export interface TreeDataItem {
  id: string;
  text: string;
  children: boolean;
  data: { iri: string; definition: string; type: 'top_level' | 'subclass' };
}

/** `/taxonomy/tree/data?node_id=`: the tree's top level for "#", else a class's children (none for an unknown one), by label. */
export function treeData(graph: LiveGraph, nodeId: string): TreeDataItem[] {
  if (nodeId === '#') return byText(treeRootsOf(graph).map((record) => treeItem(record, 'top_level')));
  const record = graph.classOf(nodeId);
  return record ? byText(graph.childrenOf(record).map((child) => treeItem(child, 'subclass'))) : [];
}

function treeItem(record: ClassRecord, type: 'top_level' | 'subclass'): TreeDataItem {
  return {
    id: record.iri,
    text: record.label || UNNAMED_CLASS,
    children: record.parent_class_of.length > 0,
    data: { iri: record.iri, definition: record.definition || NO_DEFINITION, type },
  };
}

function byText(items: TreeDataItem[]): TreeDataItem[] {
  return items.sort((a, b) => compareCodePoints(a.text.toLowerCase(), b.text.toLowerCase()));
}

/** `/taxonomy/tree/node/{iri}`: a class's details with its labelled parents, children, see-also and graph; undefined when none is found. */
export function treeNode(graph: LiveGraph, identifier: string): Record<string, unknown> | undefined {
  const record = graph.resolveClass(identifier);
  if (!record) return undefined;
  const { nodes, edges } = nodeNeighbours(graph, record);
  const brief = (other: ClassRecord) => ({ iri: other.iri, label: other.label || UNNAMED_CLASS, definition: other.definition || NO_DEFINITION });
  const byLabel = (list: ReturnType<typeof brief>[]) => list.sort((a, b) => compareCodePoints(a.label.toLowerCase(), b.label.toLowerCase()));
  return {
    iri: record.iri,
    label: record.label || UNNAMED_CLASS,
    definition: record.definition || NO_DEFINITION,
    preferred_label: record.preferred_label,
    alternative_labels: record.alternative_labels,
    identifier: record.identifier,
    description: record.description,
    comment: record.comment,
    examples: record.examples,
    notes: record.notes,
    parents: byLabel(record.sub_class_of.flatMap((iri) => graph.classOf(iri) ?? []).map(brief)),
    children: byLabel(graph.childrenOf(record).map(brief)),
    see_also: record.see_also,
    see_also_items: record.see_also.map((iri) => seeAlsoItem(graph, iri)),
    is_defined_by: record.is_defined_by,
    deprecated: record.deprecated,
    translations: record.translations,
    history_note: record.history_note,
    editorial_note: record.editorial_note,
    in_scheme: record.in_scheme,
    source: record.source,
    country: record.country,
    nodes,
    edges,
  };
}

function seeAlsoItem(graph: LiveGraph, iri: string): { iri: string; label: string; is_external: boolean } {
  if (!iri.startsWith('http')) return { iri, label: iri, is_external: false };
  const found = graph.classOf(iri);
  return found ? { iri, label: found.label || iri, is_external: false } : { iri, label: iri, is_external: true };
}

/** A class's label and definition as the live graph view shows them. */
function describe(record: ClassRecord): string {
  if (record.label && record.definition) return `${record.label} - ${record.definition}`;
  return record.label || record.definition || 'No description available.';
}

/** The label the graph view gives a neighbour: its own, else the IRI's last part. */
function neighbourLabel(record: ClassRecord): string {
  return record.label || record.iri.split('#').pop() || record.iri.split('/').pop() || 'Unnamed';
}

/** folio-api's get_node_neighbors: the class, its parents, children, see-also and definer as nodes (one per IRI, first place kept), and the edges to them. */
function nodeNeighbours(graph: LiveGraph, record: ClassRecord): { nodes: Record<string, unknown>[]; edges: Record<string, string>[] } {
  const nodes = new Map<string, Record<string, unknown>>();
  const edges: Record<string, string>[] = [];
  // Keyed and named by the IRI as the class states it.
  const linked = (target: ClassRecord, id: string, relationship: string) => ({
    id,
    label: neighbourLabel(target),
    description: describe(target),
    color: '#000000',
    relationship,
  });
  nodes.set(record.iri, {
    id: record.iri,
    label: record.label,
    description: describe(record),
    color: '#000000',
    relationship: 'self',
    country: record.country,
    source: record.source,
    in_scheme: record.in_scheme,
  });
  for (const iri of record.sub_class_of) {
    const parent = graph.classOf(iri);
    if (!parent) continue;
    // owl:Thing, where the ontology declares it, has a name and description of its own in the live graph view.
    const thing = iri === OWL_THING ? { label: 'Thing', description: 'The root class in the OWL hierarchy' } : { label: parent.label };
    nodes.set(iri, { ...linked(parent, iri, 'sub_class_of'), ...thing });
    edges.push({ source: iri, target: record.iri, type: 'sub_class_of' });
  }
  for (const iri of record.parent_class_of) {
    const child = graph.classOf(iri);
    if (!child) continue;
    nodes.set(iri, linked(child, iri, 'parent_class_of'));
    edges.push({ source: record.iri, target: iri, type: 'parent_class_of' });
  }
  for (const iri of record.see_also) {
    if (!iri.startsWith('http')) continue;
    const related = graph.classOf(iri);
    nodes.set(
      iri,
      related
        ? { ...linked(related, iri, 'see_also'), country: related.country, source: related.source, in_scheme: related.in_scheme, is_external: false }
        : {
            id: iri,
            label: iri.split('/').pop() || 'External Resource',
            description: 'External reference',
            color: '#FFC107',
            relationship: 'see_also',
            is_external: true,
            url: iri,
          },
    );
    edges.push({ source: record.iri, target: iri, type: 'see_also' });
  }
  const definedBy = record.is_defined_by;
  const definer = definedBy === null ? undefined : graph.classOf(definedBy);
  if (definedBy !== null && definer) {
    nodes.set(definedBy, linked(definer, definedBy, 'is_defined_by'));
    edges.push({ source: record.iri, target: definedBy, type: 'is_defined_by' });
  }
  return { nodes: [...nodes.values()], edges };
}
