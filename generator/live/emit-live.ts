// The live service's read URLs that take no query string, as files at their paths (route/paths.ts), from the
// same views the dispatcher answers with: what every host serves, GitHub Pages included.
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import { LIVE_FILES, liveBranchFile, liveEntityGraphFile, liveTreeNodeFile } from '../route/paths.ts';
import { branchesOf } from './branches.ts';
import { entityGraph } from './entity-graph-view.ts';
import { health, type OntologySource } from './health-view.ts';
import { LiveGraph } from './live-graph.ts';
import { allProperties } from './property-views.ts';
import { branchWalk, branchCounts, treeData, treeNode } from './taxonomy-views.ts';

/** Which files to make: those of the whole graph (health, branches, walks, tree roots, properties), and the entities' by id. */
export interface LiveSelection {
  whole: boolean;
  ids: (id: string) => boolean;
}

const EVERYTHING: LiveSelection = { whole: true, ids: () => true };

export function emitLive(model: OntologyModel, source: OntologySource, selection: LiveSelection = EVERYTHING): OutputFile[] {
  const graph = new LiveGraph(model);
  const files: OutputFile[] = [];
  const add = (path: string, body: unknown) => {
    if (body !== undefined) files.push({ path, contents: emitJson(body) });
  };
  if (selection.whole) {
    add(LIVE_FILES.health, health(graph, source));
    add(LIVE_FILES.branches, branchCounts(graph));
    add(LIVE_FILES.treeRoots, treeData(graph, '#'));
    add(LIVE_FILES.properties, allProperties(graph));
    for (const { segment } of branchesOf(graph)) add(liveBranchFile(segment), branchWalk(graph, segment, 1));
  }
  for (const entity of model.entities) {
    if (!selection.ids(entity.id)) continue;
    if (entity.kind === 'class') add(liveTreeNodeFile(entity.id), treeNode(graph, entity.id));
    add(liveEntityGraphFile(entity.id), entityGraph(graph, entity.id, 'ancestors'));
  }
  return files;
}
