import { createHash } from 'node:crypto';
import { compareUnits } from '../text/compare-units.ts';
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson, emitReadableJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/build-model.ts';
import { CHANGES_FILE, FORMATS, MANIFEST_FILE, type Router } from '../route/router.ts';

/** What a build leaves for the next one: a hash of every output file, and of every entity's four formats. */
export interface Manifest {
  version: 1;
  files: Record<string, string>;
  entities: Record<string, string>;
}

export interface Changes {
  added: string[];
  removed: string[];
  changed: string[];
}

/** A file's hash in the manifest: its bytes' SHA-256, base64url, 132 bits. */
export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 22);
}

/** Each file's path and hash, as buildManifest takes them. */
export function hashFiles(files: readonly OutputFile[]): [string, string][] {
  return files.map((file) => [file.path, contentHash(file.contents)]);
}

/**
 * The manifest of the output's files, given as path and hash (those carried over unchanged from the
 * previous build included); an entity's hash covers the bytes of all its formats. Paths are sorted.
 * `bundled`: format files packed into bundles, so not among the output's files (their hashes are taken here).
 * `previous`: the previous build's manifest, whose order and entity hashes are kept where nothing changed.
 */
export function buildManifest(hashed: readonly [string, string][], model: OntologyModel, router: Router, bundled: readonly OutputFile[] = [], previous?: Manifest): Manifest {
  const byPath = new Map(hashed);
  const fileHashes: Record<string, string> = {};
  for (const path of sortedPaths(byPath, previous)) fileHashes[path] = byPath.get(path) as string;
  const entityHash = entityHasher(fileHashes, router, bundled.length === 0 ? previous : undefined, bundled);
  const entities = Object.fromEntries([...model.entities].sort((a, b) => compareUnits(a.id, b.id))
    .map((entity) => [entity.id, entityHash(entity.id)]));
  return { version: 1, files: fileHashes, entities };
}

/**
 * An entity's hash, over its format files' hashes; the previous build's when those are all the same as then.
 * `bundled`: format files not among `fileHashes` (packed into bundles), hashed here.
 */
export function entityHasher(fileHashes: Readonly<Record<string, string>>, router: Router, previous?: Manifest, bundled: readonly OutputFile[] = []): (id: string) => string {
  const contents = new Map(bundled.map((file) => [file.path, file.contents]));
  const partHash = (path: string): string => fileHashes[path] ?? contentHash(contents.get(path) ?? '');
  return (id) => {
    const paths = FORMATS.map((spec) => router.filePath(id, spec.format));
    const kept = previous?.entities[id];
    if (kept !== undefined && paths.every((path) => previous?.files[path] !== undefined && previous.files[path] === fileHashes[path])) return kept;
    return contentHash(paths.map(partHash).join(' '));
  };
}

/** The paths in code unit order: the previous manifest's still present, merged with the new ones sorted. */
function sortedPaths(paths: ReadonlyMap<string, string>, previous: Manifest | undefined): string[] {
  const before = previous ? Object.keys(previous.files) : [];
  // Only a previous manifest in the same order can be merged with (integer-like keys are listed first).
  const kept = inOrder(before) ? before.filter((path) => paths.has(path)) : [];
  const keptSet = new Set(kept);
  return mergeSorted(kept, [...paths.keys()].filter((path) => !keptSet.has(path)).sort(compareUnits));
}

// Integer-like keys are listed first whatever their order, so a manifest's keys are checked, not assumed.
export function inOrder(keys: readonly string[]): boolean {
  for (let at = 1; at < keys.length; at += 1) if (!(keys[at - 1] < keys[at])) return false;
  return true;
}

/** Two lists, each in code unit order, as one. */
export function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return [...a];
  const merged: string[] = [];
  let at = 0;
  for (const item of b) {
    while (at < a.length && a[at] < item) merged.push(a[at++]);
    merged.push(item);
  }
  while (at < a.length) merged.push(a[at++]);
  return merged;
}

/** Ids added, removed and changed between two manifests' entities, each list sorted. */
export function diffEntities(previous: Manifest | undefined, current: Manifest): Changes | undefined {
  if (!previous) return undefined;
  const before = previous.entities;
  const after = current.entities;
  return {
    added: Object.keys(after).filter((id) => !(id in before)).sort(),
    removed: Object.keys(before).filter((id) => !(id in after)).sort(),
    changed: Object.keys(after).filter((id) => id in before && before[id] !== after[id]).sort(),
  };
}

/** `changes.json` (null lists for a first build) and the manifest file. */
export function emitChangeFiles(manifest: Manifest, changes: Changes | undefined): OutputFile[] {
  const body = changes ? { since_previous_build: true, ...changes } : { since_previous_build: false, added: null, removed: null, changed: null };
  return [
    { path: CHANGES_FILE, contents: emitReadableJson(body) },
    { path: MANIFEST_FILE, contents: emitJson(manifest) },
  ];
}

export function describeChanges(changes: Changes | undefined): string {
  if (!changes) return 'changes: no previous build to compare with';
  return `changes since the previous build: ${changes.added.length} added, ${changes.removed.length} removed, ${changes.changed.length} changed`;
}

/** A manifest read back from a previous output, if it has a readable one. */
export function parseManifest(text: string): Manifest | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<Manifest>;
    return parsed.version === 1 && parsed.entities && parsed.files ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}
