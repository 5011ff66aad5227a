import { createHash } from 'node:crypto';
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
 */
export function buildManifest(hashed: readonly [string, string][], model: OntologyModel, router: Router, bundled: readonly OutputFile[] = []): Manifest {
  const fileHashes = Object.fromEntries([...hashed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const contents = new Map(bundled.map((file) => [file.path, file.contents]));
  const partHash = (path: string): string => fileHashes[path] ?? contentHash(contents.get(path) ?? '');
  const entities = Object.fromEntries([...model.entities].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((entity) => [entity.id, contentHash(FORMATS.map((spec) => partHash(router.filePath(entity.id, spec.format))).join(' '))]));
  return { version: 1, files: fileHashes, entities };
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
