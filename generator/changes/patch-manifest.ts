import { compareUnits } from '../text/compare-units.ts';
import type { OntologyModel } from '../model/build-model.ts';
import type { Router } from '../route/router.ts';
import { entityHasher, mergeSorted } from './manifest.ts';
import { Manifest, findSorted } from './manifest-table.ts';

/** What an in-place update hands the manifest: the files it made, and the previous hashes it kept. */
export interface ManifestPatch {
  /** Path and hash of every file the update made; these win over kept hashes. */
  hashed: readonly [string, string][];
  /** Previous build's hashes of the files the update kept, by the part of the build that kept them (search, tree). */
  carried: readonly Readonly<Record<string, string>>[];
  /** Entities whose format files were made again: their hashes are worked out anew. */
  redo: ReadonlySet<string>;
}

/**
 * The manifest after an in-place update, made from the previous one: the same as `buildManifest` over every
 * file (test/manifest.test.ts compares them), without sorting or re-hashing the files nothing touched. The
 * format files of the model's entities that were not made again are kept as the previous build wrote them.
 */
export function patchManifest(previous: Manifest, patch: ManifestPatch, model: OntologyModel, router: Router): Manifest {
  const made = new Map(patch.hashed);
  const ids = new Set(model.entities.map((entity) => entity.id));
  const keptHash = (path: string, before: string): string | undefined => {
    const owner = router.formatFileId(path);
    if (owner !== undefined) return ids.has(owner) ? before : undefined;
    for (const part of patch.carried) if (Object.hasOwn(part, path)) return part[path];
    return undefined;
  };
  const added = [...made.keys()].filter((path) => previous.fileHash(path) === undefined).sort(compareUnits);
  const paths: string[] = [];
  const hashes: string[] = [];
  let next = 0;
  const addUpTo = (path: string | undefined) => {
    for (; next < added.length && (path === undefined || added[next] < path); next += 1) {
      paths.push(added[next]);
      hashes.push(made.get(added[next]) as string);
    }
  };
  previous.paths.forEach((path, at) => {
    addUpTo(path);
    const hash = made.get(path) ?? keptHash(path, previous.hashes[at]);
    if (hash === undefined) return;
    paths.push(path);
    hashes.push(hash);
  });
  addUpTo(undefined);
  const entityHash = entityHasher((path) => {
    const at = findSorted(paths, path);
    return at === -1 ? undefined : hashes[at];
  }, router, previous);
  const still = previous.ids.filter((id) => ids.has(id));
  const stillSet = new Set(still);
  const entityIds = mergeSorted(still, [...ids].filter((id) => !stillSet.has(id)).sort(compareUnits));
  const previousHashes = new Map(previous.ids.map((id, at) => [id, previous.idHashes[at]]));
  const entityHashes = entityIds.map((id) => (patch.redo.has(id) ? undefined : previousHashes.get(id)) ?? entityHash(id));
  return new Manifest({ keys: paths, values: hashes }, { keys: entityIds, values: entityHashes }, previous);
}
