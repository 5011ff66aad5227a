// The live explorer's graph data (folio-api's routes/explore.py): `/explore/api/entity-graph/{iri}` with
// mode=ancestors (the default: the entity, its first-parent chain and a breadth-first graph of its parents and
// see-also, at most 50 nodes) or mode=children (its direct children by label).
import type { ClassRecord, PropertyRecord } from '../schema/records.ts';
import { compareCodePoints } from '../search/core/search-core.js';
import { OWL_THING, OWL_TOP_OBJECT_PROPERTY, type LiveGraph } from './live-graph.ts';

const GRAPH_MAX_NODES = 50;

type Kind = 'class' | 'property';
type Found = { record: ClassRecord; type: 'class' } | { record: PropertyRecord; type: 'property' };
type AnyRecord = ClassRecord | PropertyRecord;

export type EntityGraphMode = 'ancestors' | 'children';

/** The graph data for an entity, or undefined when the identifier names none. */
export function entityGraph(graph: LiveGraph, identifier: string, mode: EntityGraphMode): Record<string, unknown> | undefined {
  const found = graph.resolveEntity(identifier);
  if (!found) return undefined;
  return mode === 'children' ? childrenPayload(graph, found) : ancestorsPayload(graph, found);
}

function parentsOf(record: AnyRecord, type: Kind): readonly string[] {
  return type === 'class' ? (record as ClassRecord).sub_class_of : (record as PropertyRecord).sub_property_of;
}

function lookUp(graph: LiveGraph, type: Kind): (iri: string) => AnyRecord | undefined {
  return type === 'class' ? (iri) => graph.classOf(iri) : (iri) => graph.propertyOf(iri);
}

function childrenOf(graph: LiveGraph, found: Found): AnyRecord[] {
  return found.type === 'class' ? graph.childrenOf(found.record) : graph.subPropertiesOf(found.record);
}

function labelOf(record: AnyRecord): string {
  return record.label || 'Unnamed';
}

/** The first parent, then its first parent, up to a root or back to one already passed: root first. */
function ancestorChain(graph: LiveGraph, found: Found): AnyRecord[] {
  const terminator = found.type === 'class' ? OWL_THING : OWL_TOP_OBJECT_PROPERTY;
  const get = lookUp(graph, found.type);
  const chain: AnyRecord[] = [];
  const visited = new Set([found.record.iri]);
  let current: AnyRecord = found.record;
  for (let parents = parentsOf(current, found.type); parents.length > 0; parents = parentsOf(current, found.type)) {
    const first = parents[0];
    if (first === terminator || visited.has(first)) break;
    const parent = get(first);
    if (!parent) break;
    chain.unshift(parent);
    visited.add(first);
    current = parent;
  }
  return chain;
}

/** Breadth first from the entity over parents (and a class's see-also), at most GRAPH_MAX_NODES nodes; edges between kept nodes only. */
function walkGraph(graph: LiveGraph, found: Found): { nodes: Map<string, AnyRecord>; edges: { source: string; target: string; relationship: string }[] } {
  const terminator = found.type === 'class' ? OWL_THING : OWL_TOP_OBJECT_PROPERTY;
  const get = lookUp(graph, found.type);
  const nodes = new Map<string, AnyRecord>([[found.record.iri, found.record]]);
  const edges: { source: string; target: string; relationship: string }[] = [];
  const seen = new Set<string>();
  const queue: AnyRecord[] = [found.record];
  const follow = (source: string, target: string, relationship: string, next: string) => {
    const key = JSON.stringify([source, target, relationship]);
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ source, target, relationship });
    if (nodes.has(next) || nodes.size >= GRAPH_MAX_NODES) return;
    const record = get(next);
    if (!record) return;
    nodes.set(next, record);
    queue.push(record);
  };
  while (queue.length > 0 && nodes.size < GRAPH_MAX_NODES) {
    const current = queue.shift() as AnyRecord;
    for (const parent of parentsOf(current, found.type)) if (parent !== terminator) follow(parent, current.iri, 'subClassOf', parent);
    if (found.type === 'class') for (const related of (current as ClassRecord).see_also) follow(current.iri, related, 'seeAlso', related);
  }
  return { nodes, edges: edges.filter((edge) => nodes.has(edge.source) && nodes.has(edge.target)) };
}

function isRoot(record: AnyRecord, type: Kind): boolean {
  const terminator = type === 'class' ? OWL_THING : OWL_TOP_OBJECT_PROPERTY;
  return parentsOf(record, type).every((parent) => parent === terminator);
}

function ancestorsPayload(graph: LiveGraph, found: Found): Record<string, unknown> {
  const { nodes, edges } = walkGraph(graph, found);
  return {
    selected: { iri: found.record.iri, label: labelOf(found.record), type: found.type, child_count: childrenOf(graph, found).length },
    ancestors: ancestorChain(graph, found).map((record, at) => ({
      iri: record.iri,
      label: labelOf(record),
      type: found.type,
      branch_root_type: at === 0 ? 'ultimate' : null,
    })),
    nodes: [...nodes].map(([iri, record]) => ({
      iri,
      label: labelOf(record),
      type: found.type,
      branch_root_type: iri !== found.record.iri && isRoot(record, found.type) ? 'ultimate' : null,
    })),
    edges,
  };
}

function childrenPayload(graph: LiveGraph, found: Found): Record<string, unknown> {
  const sortKey = (record: AnyRecord) => (record.label || record.iri).toLowerCase();
  const children = childrenOf(graph, found).sort((a, b) => compareCodePoints(sortKey(a), sortKey(b)));
  return {
    parent_iri: found.record.iri,
    children: children.map((child) => ({
      iri: child.iri,
      label: labelOf(child),
      type: found.type,
      child_count: childrenOf(graph, { record: child, type: found.type } as Found).length,
    })),
  };
}
