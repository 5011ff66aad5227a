import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import { TREE_FOLDER, TREE_ROOT_FILE, fileNameOf, type Router } from '../route/router.ts';
import { compareCodePoints } from '../search/core/search-core.js';

/** One child in a tree file: id, label, number of its own children. */
export type TreeEntry = [string, string, number];

/** Where the children of a class are listed. */
export function treeFilePath(id: string): string {
  return `${TREE_FOLDER}/${fileNameOf(id)}.json`;
}

/** That file's URL path, as a page's script fetches it (the id as a URL writes it). */
export function treeFileLink(router: Router, id: string): string {
  return `${router.basePath}/${TREE_FOLDER}/${id}.json`;
}

/** The tree page's URL path that opens the path to a class and selects it. */
export function treePageLink(router: Router, id: string): string {
  return `${router.basePath}/${TREE_FOLDER}/?id=${encodeURIComponent(id)}`;
}

/**
 * The taxonomy tree as small static files loaded on demand: TREE_ROOT_FILE lists the top classes,
 * `{id}.json` in the tree folder the children of a class that has some, each sorted by label. With `only`, just the
 * files of those classes (and the top list).
 */
export function emitTree(model: OntologyModel, only?: ReadonlySet<string>): OutputFile[] {
  const classes = model.entities.filter((entity) => entity.kind === 'class');
  const entries = (list: ModelEntity[]): TreeEntry[] =>
    [...new Set(list)]
      .map((entity): TreeEntry => [entity.id, entity.record.label ?? entity.id, childClasses(model, entity).length])
      .sort((a, b) => compareCodePoints(a[1], b[1]) || compareCodePoints(a[0], b[0]));
  const roots = classes.filter((entity) => !entity.superclasses.some((iri) => classByIri(model, iri) !== undefined));
  const files: OutputFile[] = [{ path: TREE_ROOT_FILE, contents: emitJson(entries(roots)) }];
  for (const entity of classes) {
    if (only && !only.has(entity.id)) continue;
    const children = childClasses(model, entity);
    if (children.length > 0) files.push({ path: treeFilePath(entity.id), contents: emitJson(entries(children)) });
  }
  return files;
}

// The model's own lookup, which several stages share, rather than a map of the classes made here.
function classByIri(model: OntologyModel, iri: string): ModelEntity | undefined {
  const entity = model.entityByIri(iri);
  return entity?.kind === 'class' ? entity : undefined;
}

// Read from the entities, not their records: an update makes the records of only the entries it shows.
function childClasses(model: OntologyModel, entity: ModelEntity): ModelEntity[] {
  return entity.children.map((iri) => classByIri(model, iri)).filter((child): child is ModelEntity => child !== undefined);
}

/**
 * Updating after an edit, the tree files that can change: those of the classes the edit reaches and of their
 * parents (which show their labels and child counts), found as the model links them, so a parent that lists a
 * class by skos:narrower is found though the class itself names no parent. Every other class keeps its children,
 * their labels and their counts, so the previous build's tree files are kept as a folder (the manifest passes over
 * them by range, as the live files'), but for those of the reached and removed entities that list no children now.
 * Returns the ids to emit again, and the folder kept.
 */
export function treeUpdate(
  model: OntologyModel,
  reached: ReadonlySet<string>,
  removed: readonly string[],
): { only: Set<string>; kept: { folders: string[]; except: Set<string> } } {
  const only = new Set<string>();
  // The reached entities and their parents: a few, looked up in the model's maps rather than found by a walk.
  for (const id of reached) {
    const entity = model.entityById(id);
    if (entity === undefined) continue;
    only.add(id);
    for (const parent of model.linked(entity.iri)) {
      const linked = model.entityByIri(parent);
      if (linked !== undefined) only.add(linked.id);
    }
  }
  const except = new Set<string>();
  for (const id of [...only, ...removed]) {
    const entity = model.entityById(id);
    if (entity?.kind !== 'class' || childClasses(model, entity).length === 0) except.add(treeFilePath(id));
  }
  return { only, kept: { folders: [`${TREE_FOLDER}/`], except } };
}
