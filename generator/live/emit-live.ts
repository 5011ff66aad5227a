// The live service's read URLs that take no query string, as files at their paths (route/paths.ts), from the
// same views the dispatcher answers with: what every host serves, GitHub Pages included.
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import {
  hasLiveIdFiles,
  LIVE_DATA,
  LIVE_FILES,
  liveBranchFile,
  liveChildrenFile,
  liveEntityGraphFile,
  liveTreeNodeFile,
  liveWalkFile,
} from '../route/paths.ts';
import type { ClassRecord, PropertyRecord } from '../schema/records.ts';
import { branchesOf } from './branches.ts';
import { entityGraph } from './entity-graph-view.ts';
import { health, type OntologySource } from './health-view.ts';
import { LiveGraph } from './live-graph.ts';
import { type QueryMemo, type QueryPatch, queryCorpus } from './query-corpus.ts';
import { allProperties, connectionRows } from './property-views.ts';
import { branchWalk, branchCounts, treeData, treeNode, walkWithDepths } from './taxonomy-views.ts';

const HAND_OFF_BATCH = 64;

/**
 * Which files to make besides those of the whole graph (health, branches, walks one level down, tree roots,
 * properties, connections), which every build makes: each branch's whole walk by its segment, and the entities' by id.
 */
export interface LiveSelection {
  segments: (segment: string) => boolean;
  ids: (id: string) => boolean;
  /** The structured queries' corpus as an update patches it; made whole without one. */
  query?: QueryPatch;
}

export const EVERY_LIVE_FILE: LiveSelection = { segments: () => true, ids: () => true };

/** The live files `selection` names; `handOff` takes them a batch at a time as they are made (the rest are returned). */
export function emitLive(
  model: OntologyModel,
  source: OntologySource,
  selection: LiveSelection = EVERY_LIVE_FILE,
  handOff?: (files: OutputFile[]) => void,
): { files: OutputFile[]; query: QueryMemo; keptQueryFiles: string[] } {
  const graph = LiveGraph.of(model);
  const files: OutputFile[] = [];
  // Handed over a batch at a time, the files are not all in memory at once (160 MB of text at FOLIO's scale).
  const passOn = () => {
    if (handOff && files.length >= HAND_OFF_BATCH) handOff(files.splice(0));
  };
  const add = (path: string, body: unknown) => {
    if (body !== undefined) files.push({ path, contents: emitJson(body) });
    passOn();
  };
  add(LIVE_FILES.health, health(graph, source));
  add(LIVE_FILES.branches, branchCounts(graph));
  add(LIVE_FILES.treeRoots, treeData(graph, '#'));
  add(LIVE_FILES.properties, allProperties(graph));
  for (const { segment } of branchesOf(graph)) add(liveBranchFile(segment), branchWalk(graph, segment, 1));
  add(LIVE_DATA.entry, { base: graph.baseIri, connections: connectionRows(graph).map(({ label, connection }) => [label, connection]) });
  const corpus = queryCorpus(graph, selection.query);
  files.push(...corpus.files);
  passOn();
  for (const { segment, root } of branchesOf(graph)) {
    if (!selection.segments(segment)) continue;
    const walked = walkWithDepths(graph, root, -1);
    add(liveWalkFile(segment), { depths: walked.map(([depth]) => depth), classes: walked.map(([, record]) => record) });
  }
  for (const entity of model.entities) {
    if (!selection.ids(entity.id)) continue;
    if (hasLiveIdFiles(entity.id)) {
      if (entity.kind === 'class') add(liveTreeNodeFile(entity.id), treeNode(graph, entity.id));
      add(liveEntityGraphFile(entity.id), entityGraph(graph, entity.id, 'ancestors'));
    }
    add(liveChildrenFile(entity.id), childrenList(graph, entity.iri));
  }
  if (handOff) handOff(files.splice(0));
  return { files, query: corpus.memo, keptQueryFiles: corpus.kept };
}

/** An entity's children in brief, in its order: [IRI, label, definition, whether it has children, how many the graph holds]; undefined for none. */
function childrenList(graph: LiveGraph, iri: string): { iri: string; type: 'class' | 'property'; children: unknown[][] } | undefined {
  const found = graph.resolveEntity(iri);
  if (!found) return undefined;
  const children: (ClassRecord | PropertyRecord)[] = found.type === 'class' ? graph.childrenOf(found.record) : graph.subPropertiesOf(found.record);
  if (children.length === 0) return undefined;
  const row = (child: ClassRecord | PropertyRecord) =>
    'parent_class_of' in child
      ? [child.iri, child.label, child.definition, child.parent_class_of.length > 0, graph.childrenOf(child).length]
      : [child.iri, child.label, child.definition, false, graph.subPropertiesOf(child).length];
  return { iri: found.record.iri, type: found.type, children: children.map(row) };
}
