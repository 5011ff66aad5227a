// Which of the live service's per-entity files an update makes again. A class's tree node shows its parents',
// children's, see-also's and definer's labels; its entity graph walks up through parents and see-also to the
// roots. So an edit to an entity reaches its own files, its parents' and children's nodes, the nodes of the classes
// that name it as see-also or definer, and, when what a graph shows of it changed (graph-facts.ts), the graphs of
// every entity below it (through children and see-also).
// Who names whom as see-also or definer is kept between builds (LiveMemo): reading it from every record would
// make every record.
import type { OntologyModel } from '../model/ontology-model.ts';
import type { ClassRecord } from '../schema/records.ts';
import type { PreviousFiles, QueryMemo } from './query-corpus.ts';
import { LIVE_ENTITY_FILES, liveWalkFile } from '../route/paths.ts';
import { LIVE_QUERY_FOLDER } from '../search/core/search-core.js';
import { branchesOf } from './branches.ts';
import { EVERY_LIVE_FILE, type LiveSelection } from './emit-live.ts';
import { LiveGraph } from './live-graph.ts';
import { GraphFacts, type StoredGraphFacts } from './graph-facts.ts';

const OWL_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#ObjectProperty';

/**
 * What the next build keeps of the live files: the classes that name others as see-also or definer, and those;
 * and each branch's classes, so that an update finds the walks an entity was in (a removed one too).
 */
export interface LiveMemo {
  ids: string[];
  targets: string[][];
  segments: string[];
  members: string[][];
  /** What other classes' graphs show of each class (graph-facts.ts). */
  facts: StoredGraphFacts;
  /** The structured queries' corpus (query-corpus.ts). */
  query?: QueryMemo;
}

/** The IRIs a class's tree node and graph show besides its parents and children. */
function linksOf(record: ClassRecord): string[] {
  return record.is_defined_by === null ? record.see_also : [...record.see_also, record.is_defined_by];
}

/** A whole build's memo, from every class's record (a whole build has made them). */
export function liveMemo(model: OntologyModel): LiveMemo {
  const graph = LiveGraph.of(model);
  const held = model.entities.filter((entity) => graph.holdsClass(entity)).map((entity) => entity.record as ClassRecord);
  const memo: LiveMemo = { ids: [], targets: [], ...branchMembers(model), facts: GraphFacts.of(held).stored };
  for (const entity of model.entities) {
    if (entity.kind !== 'class') continue;
    const links = linksOf(entity.record as ClassRecord);
    if (links.length === 0) continue;
    memo.ids.push(entity.id);
    memo.targets.push(links);
  }
  return memo;
}

/** What an update makes of the live files, and the memo the next build reads. */
export interface LiveReach {
  selection: LiveSelection;
  memo: LiveMemo;
  /** The ids whose per-entity files are made again; undefined: every entity's (an older cache had no memo). */
  remade: ReadonlySet<string> | undefined;
}

/**
 * The previous build's memo with the entities the update emits again read anew (and those gone left out), and the
 * files to make: the whole graph's, and the per-entity files of the ids the edit reaches (see the file's head),
 * from the entities emitted again and those `removed` (ids the previous build published and this one does not).
 * `previous` undefined: an older cache without a memo; every file is made.
 */
export function liveUpdate(
  model: OntologyModel,
  emitted: ReadonlySet<string>,
  removed: readonly string[],
  previous: LiveMemo | undefined,
  hashesUnder: (prefix: string) => (path: string) => string | undefined,
  previousFiles: PreviousFiles | undefined,
): LiveReach {
  if (previous === undefined) return { selection: EVERY_LIVE_FILE, memo: liveMemo(model), remade: undefined };
  const members = branchMembers(model);
  const ids: string[] = [];
  const targets: string[][] = [];
  const keep = (id: string, links: string[]) => {
    if (links.length === 0) return;
    ids.push(id);
    targets.push(links);
  };
  previous.ids.forEach((id, at) => {
    if (!emitted.has(id) && model.entityById(id) !== undefined) keep(id, previous.targets[at]);
  });
  for (const id of emitted) {
    const entity = model.entityById(id);
    if (entity?.kind === 'class') keep(id, linksOf(entity.record as ClassRecord));
  }
  // The memo's order does not matter to what it answers; sorted, the cache's bytes do not hang on the edit's order.
  const order = ids.map((_, at) => at).sort((a, b) => (ids[a] < ids[b] ? -1 : 1));
  const changed = new Set([...emitted, ...removed]);
  const { facts, differing } = GraphFacts.stored(previous.facts).patched(factChanges(model, changed));
  const sorted: LiveMemo = { ids: order.map((at) => ids[at]), targets: order.map((at) => targets[at]), ...members, facts: facts.stored };
  // Only a class whose shown facts changed shows anything new in the graphs below it.
  const shownAnew = new Set(differing);
  // A walk shows its classes' records: an edit reaches the walks a changed entity was in before, or is in now.
  const touched = new Set<string>();
  for (const { segments, members: lists } of [previous, members])
    segments.forEach((segment, at) => {
      if (lists[at].some((id) => changed.has(id))) touched.add(segment);
    });
  // A branch the previous build had no walk of (a class that became top-level, or a label that renamed one) is made too.
  const previousWalk = hashesUnder(folderOf(liveWalkFile));
  const segments = (segment: string) => touched.has(segment) || previousWalk(liveWalkFile(segment)) === undefined;
  const remade = reachedIds(model, changed, shownAnew, previous, sorted);
  const query = { previous: previous.query, changed: new Set([...emitted].flatMap((id) => model.entityById(id)?.iri ?? [])), files: previousFiles };
  return { selection: { segments, ids: (id) => remade.has(id), query }, memo: sorted, remade };
}

/** The classes the update emits again or removed, by IRI: the record of each the live service holds now. */
function factChanges(model: OntologyModel, changed: ReadonlySet<string>): Map<string, ClassRecord | undefined> {
  const graph = LiveGraph.of(model);
  const facts = new Map<string, ClassRecord | undefined>();
  for (const id of changed) {
    const entity = model.entityById(id);
    facts.set(entity?.iri ?? `${model.baseIri}${id}`, entity && graph.holdsClass(entity) ? (entity.record as ClassRecord) : undefined);
  }
  return facts;
}

function reachedIds(model: OntologyModel, emitted: ReadonlySet<string>, shownAnew: ReadonlySet<string>, before: LiveMemo, now: LiveMemo): Set<string> {
  const graph = LiveGraph.of(model);
  // Who names an IRI as see-also or definer, before the edit and after it (a link the edit removed still shows);
  // and who names it as parent, labelled or not (read without records).
  const namedBy = new Map<string, Set<string>>();
  const name = (target: string, id: string) => {
    const names = namedBy.get(target) ?? new Set<string>();
    names.add(id);
    namedBy.set(target, names);
  };
  for (const memo of [before, now]) memo.ids.forEach((id, at) => memo.targets[at].forEach((target) => name(target, id)));
  const childrenOf = new Map<string, string[]>();
  for (const entity of model.entities) {
    for (const parent of entity.superclasses) {
      const list = childrenOf.get(parent);
      if (list) list.push(entity.id);
      else childrenOf.set(parent, [entity.id]);
    }
  }
  // An entity the edit removed is found by the IRI it had (ids are taken after the base IRI).
  const starts = [...emitted].map((id) => model.entityById(id)?.iri ?? `${model.baseIri}${id}`);
  const reached = new Set<string>();
  for (const iri of starts) {
    const entity = graph.entity(iri);
    if (entity) reached.add(entity.id);
    // Its parents show it as a child, its children as a parent, its namers by label.
    for (const parent of entity?.superclasses ?? []) {
      const found = graph.entity(parent);
      if (found) reached.add(found.id);
    }
    for (const id of [...(childrenOf.get(iri) ?? []), ...(namedBy.get(iri) ?? [])]) reached.add(id);
  }
  // Every class whose graph walks up to one whose shown facts changed: below it by parents and by see-also, to the leaves.
  const below = new Set<string>();
  const pending = starts.filter((iri) => shownAnew.has(iri));
  const walked = new Set<string>();
  while (pending.length > 0) {
    const iri = pending.pop() as string;
    if (walked.has(iri)) continue;
    walked.add(iri);
    for (const id of [...(childrenOf.get(iri) ?? []), ...(namedBy.get(iri) ?? [])]) {
      below.add(id);
      const entity = model.entityById(id);
      if (entity) pending.push(entity.iri);
    }
  }
  // An object property's graph counts its sub-properties, which a removed one leaves no trace of: all are made (few).
  for (const entity of model.entities) if (entity.type === OWL_OBJECT_PROPERTY) reached.add(entity.id);
  for (const id of below) reached.add(id);
  return reached;
}

/** Each branch's classes (published ones, by id): everything below its root by children, read without records. */
function branchMembers(model: OntologyModel): { segments: string[]; members: string[][] } {
  const graph = LiveGraph.of(model);
  const segments: string[] = [];
  const members: string[][] = [];
  for (const { segment, root } of branchesOf(graph)) {
    const seen = new Set<string>();
    const pending = [root];
    while (pending.length > 0) {
      const entity = graph.entity(pending.pop() as string);
      if (!entity || seen.has(entity.id)) continue;
      seen.add(entity.id);
      pending.push(...entity.children);
    }
    segments.push(segment);
    members.push([...seen].sort());
  }
  return { segments, members };
}

/**
 * The live files an update keeps as the previous build wrote them: the per-entity ones of every entity but those
 * it makes again and those removed, told by folder (a map of them, three per entity, cost a tenth of a one-label
 * rebuild); and the walks of the branches it does not make again and the query corpus's files it keeps
 * (`keptQueryFiles`), with their hashes.
 */
export function keptLiveFiles(
  model: OntologyModel,
  reach: LiveReach,
  removed: readonly string[],
  hashesUnder: (prefix: string) => (path: string) => string | undefined,
  keptQueryFiles: readonly string[],
): { kept: { folders: string[]; except: Set<string> }; carried: Map<string, string> } {
  const carried = new Map<string, string>();
  const corpus = hashesUnder(LIVE_QUERY_FOLDER);
  for (const path of keptQueryFiles) {
    const hash = corpus(path);
    if (hash !== undefined) carried.set(path, hash);
  }
  const walks = hashesUnder(folderOf(liveWalkFile));
  for (const { segment } of branchesOf(LiveGraph.of(model))) {
    const path = liveWalkFile(segment);
    const hash = walks(path);
    if (!reach.selection.segments(segment) && hash !== undefined) carried.set(path, hash);
  }
  if (reach.remade === undefined) return { kept: { folders: [], except: new Set() }, carried };
  const except = new Set<string>();
  for (const id of [...reach.remade, ...removed]) for (const fileOf of LIVE_ENTITY_FILES) except.add(fileOf(id));
  return { kept: { folders: LIVE_ENTITY_FILES.map(folderOf), except }, carried };
}

/** The folder a per-entity or per-branch file lies in (its path for an empty name, less any extension). */
function folderOf(fileOf: (name: string) => string): string {
  return fileOf('').replace(/\.json$/, '');
}
