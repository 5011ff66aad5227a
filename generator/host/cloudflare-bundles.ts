import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import { ENTITIES_PER_BUNDLE, FORMATS, LIVE_ENTITY_FILES, TREE_FOLDER, TREE_ROOT_FILE, bundleOf, type Router } from '../route/router.ts';
import { emitCloudflareWorker } from './cloudflare-worker.ts';

/**
 * Cloudflare Pages' free plan takes 20,000 files; full FOLIO's API alone is about 110,000. This packs every
 * entity's formats and its live-service files into about one file per 40 entities (`{id: [record, jsonld, xml,
 * markdown, tree node, entity graph, children]}`), drops the per-class tree files (no tree page without the site), and
 * emits the worker that serves `/{id}`, `/{id}/{format}` and the live URLs of an entity from the bundles.
 */
export function bundleEntityFiles(files: readonly OutputFile[], model: OntologyModel, router: Router): OutputFile[] {
  const count = Math.max(1, Math.ceil(model.entities.length / ENTITIES_PER_BUNDLE));
  const byPath = new Map(files.map((file) => [file.path, file.contents]));
  const bundles: Record<string, (string | null)[]>[] = Array.from({ length: count }, () => ({}));
  const dropped = new Set<string>();
  for (const entity of model.entities) {
    const paths = [...FORMATS.map((spec) => router.filePath(entity.id, spec.format)), ...LIVE_ENTITY_FILES.map((fileOf) => fileOf(entity.id))];
    // A format the entity does not publish is null: the worker passes its URL on to the site's own file.
    bundles[bundleOf(entity.id, count)][entity.id] = paths.map((path) => byPath.get(path) ?? null);
    for (const path of paths) dropped.add(path);
  }
  const worker = emitCloudflareWorker(router, { bundles: count });
  const replaced = new Set(worker.map((file) => file.path));
  const kept = files.filter(
    (file) => !dropped.has(file.path) && !replaced.has(file.path) && !(file.path.startsWith(`${TREE_FOLDER}/`) && file.path !== TREE_ROOT_FILE),
  );
  return [...kept, ...worker, ...bundles.map((bundle, number) => ({ path: router.bundlePath(number), contents: emitJson(bundle) }))];
}
