import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { ModelEntity, OntologyModel } from '../model/build-model.ts';
import { TREE_FOLDER } from '../route/router.ts';
import { compareCodePoints } from '../search/client/search-client.js';

/** One child in a tree file: id, label, number of its own children. */
export type TreeEntry = [string, string, number];

export const TREE_ROOT_FILE = `${TREE_FOLDER}/index.json`;

/**
 * The taxonomy tree as small static files loaded on demand: `tree/index.json` lists the top classes,
 * `tree/{id}.json` the children of a class that has some, each sorted by label.
 */
export function emitTree(model: OntologyModel): OutputFile[] {
  const classes = model.entities.filter((entity) => entity.kind === 'class');
  const byIri = new Map(classes.map((entity) => [entity.iri, entity]));
  const childrenOf = (entity: ModelEntity): ModelEntity[] => ('parent_class_of' in entity.record ? entity.record.parent_class_of : [])
    .map((iri) => byIri.get(iri)).filter((child): child is ModelEntity => child !== undefined);
  const entries = (list: ModelEntity[]): TreeEntry[] => [...new Set(list)]
    .map((entity): TreeEntry => [entity.id, entity.record.label ?? entity.id, childrenOf(entity).length])
    .sort((a, b) => compareCodePoints(a[1], b[1]) || compareCodePoints(a[0], b[0]));
  const roots = classes.filter((entity) => 'sub_class_of' in entity.record && !entity.record.sub_class_of.some((iri) => byIri.has(iri)));
  const files: OutputFile[] = [{ path: TREE_ROOT_FILE, contents: emitJson(entries(roots)) }];
  for (const entity of classes) {
    const children = childrenOf(entity);
    if (children.length > 0) files.push({ path: `${TREE_FOLDER}/${entity.id}.json`, contents: emitJson(entries(children)) });
  }
  return files;
}
