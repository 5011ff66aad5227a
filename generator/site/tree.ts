import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import { TREE_FOLDER, TREE_ROOT_FILE, fileNameOf } from '../route/router.ts';
import { compareCodePoints } from '../search/core/search-core.js';

/** One child in a tree file: id, label, number of its own children. */
export type TreeEntry = [string, string, number];

/** Where the children of a class are listed. */
export function treeFilePath(id: string): string {
  return `${TREE_FOLDER}/${fileNameOf(id)}.json`;
}

/**
 * The taxonomy tree as small static files loaded on demand: TREE_ROOT_FILE lists the top classes,
 * `{id}.json` in the tree folder the children of a class that has some, each sorted by label. With `only`, just the
 * files of those classes (and the top list).
 */
export function emitTree(model: OntologyModel, only?: ReadonlySet<string>): OutputFile[] {
  const classes = model.entities.filter((entity) => entity.kind === 'class');
  // The model's own lookup, which several stages share, rather than a map of the classes made here.
  const classOf = (iri: string): ModelEntity | undefined => {
    const entity = model.entityByIri(iri);
    return entity?.kind === 'class' ? entity : undefined;
  };
  // Read from the entities, not their records: an update makes the records of only the entries it shows.
  const childrenOf = (entity: ModelEntity): ModelEntity[] => entity.children.map(classOf).filter((child): child is ModelEntity => child !== undefined);
  const entries = (list: ModelEntity[]): TreeEntry[] =>
    [...new Set(list)]
      .map((entity): TreeEntry => [entity.id, entity.record.label ?? entity.id, childrenOf(entity).length])
      .sort((a, b) => compareCodePoints(a[1], b[1]) || compareCodePoints(a[0], b[0]));
  const roots = classes.filter((entity) => !entity.superclasses.some((iri) => classOf(iri) !== undefined));
  const files: OutputFile[] = [{ path: TREE_ROOT_FILE, contents: emitJson(entries(roots)) }];
  for (const entity of classes) {
    if (only && !only.has(entity.id)) continue;
    const children = childrenOf(entity);
    if (children.length > 0) files.push({ path: treeFilePath(entity.id), contents: emitJson(entries(children)) });
  }
  return files;
}

/**
 * Updating after an edit, the tree files that can change: those of the classes the edit reaches and of their
 * parents (which show their labels and child counts), found as the model links them, so a parent that lists a
 * class by skos:narrower is found though the class itself names no parent. The others keep the previous
 * build's hashes, where it had them. Returns the ids to emit again, and the hashes carried.
 */
export function treeUpdate(
  model: OntologyModel,
  reached: ReadonlySet<string>,
  previous: (path: string) => string | undefined,
): { only: Set<string>; carried: Map<string, string> } {
  const only = new Set<string>();
  const parents = new Set<string>();
  for (const entity of model.entities) {
    if (!reached.has(entity.id)) continue;
    only.add(entity.id);
    for (const parent of model.linked(entity.iri)) parents.add(parent);
  }
  // The reached classes' parents, by IRI: a few, so they are looked for rather than every entity mapped.
  for (const entity of model.entities) if (parents.has(entity.iri)) only.add(entity.id);
  // A map, not an object: with its 10,000 keys added to an object this loop took 19-20 ms of an update, with a map 11-13 ms (measured).
  const carried = new Map<string, string>();
  for (const entity of model.entities) {
    if (entity.kind !== 'class' || only.has(entity.id) || entity.children.length === 0) continue;
    const path = treeFilePath(entity.id);
    const hash = previous(path);
    if (hash === undefined) only.add(entity.id);
    else carried.set(path, hash);
  }
  return { only, carried };
}
