import { compareUnits } from '../text/compare-units.ts';
import type { OntologyModel } from '../model/build-model.ts';
import type { Router } from '../route/router.ts';
import { entityHasher, inOrder, mergeSorted, type Manifest } from './manifest.ts';

/** What an in-place update hands the manifest: the files it made, and the previous hashes it kept. */
export interface ManifestPatch {
  /** Path and hash of every file the update made; these win over carried hashes. */
  hashed: readonly [string, string][];
  /** Previous build's hashes of the files the update kept, by the part of the build that kept them. */
  carried: readonly Readonly<Record<string, string>>[];
  /** Entities whose format files were made again: their hashes are worked out anew. */
  redo: ReadonlySet<string>;
}

/**
 * The manifest after an in-place update, made from the previous one: the same as `buildManifest` over every
 * file (test/manifest.test.ts compares them), without sorting or re-hashing the files nothing touched.
 * Undefined when the previous manifest is not in the order this relies on.
 */
export function patchManifest(previous: Manifest, patch: ManifestPatch, model: OntologyModel, router: Router): Manifest | undefined {
  const made = new Map(patch.hashed);
  const hashOf = (path: string): string | undefined => {
    const hash = made.get(path);
    if (hash !== undefined) return hash;
    for (const part of patch.carried) if (Object.hasOwn(part, path)) return part[path];
    return undefined;
  };
  const before = Object.keys(previous.files);
  if (!inOrder(before)) return undefined;
  const added = [...made.keys()].filter((path) => !Object.hasOwn(previous.files, path)).sort(compareUnits);
  const kept = new Map<string, string>();
  for (const path of before) {
    const hash = hashOf(path);
    if (hash !== undefined) kept.set(path, hash);
  }
  const files: Record<string, string> = {};
  for (const path of mergeSorted([...kept.keys()], added)) files[path] = kept.get(path) ?? (made.get(path) as string);
  const entityHash = entityHasher(files, router, previous);
  const ids = new Set(model.entities.map((entity) => entity.id));
  const still = Object.keys(previous.entities).filter((id) => ids.has(id));
  if (!inOrder(still)) return undefined;
  const stillSet = new Set(still);
  const newIds = [...ids].filter((id) => !stillSet.has(id)).sort(compareUnits);
  const entities: Record<string, string> = {};
  for (const id of mergeSorted(still, newIds)) entities[id] = patch.redo.has(id) || !stillSet.has(id) ? entityHash(id) : previous.entities[id];
  return { version: 1, files, entities };
}
