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

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * The manifest of a file list plus the files `carried` over unchanged from the previous build (by hash);
 * an entity's hash covers the bytes of all its formats, as `emitted`. Paths are sorted.
 */
export function buildManifest(output: readonly OutputFile[], emitted: readonly OutputFile[], model: OntologyModel, router: Router, carried: Readonly<Record<string, string>> = {}): Manifest {
  const pairs: [string, string][] = [...Object.entries(carried), ...output.map((file): [string, string] => [file.path, hash(file.contents)])];
  const fileHashes = Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // Bundling (Cloudflare) moves the format files out of the output: only then are they hashed again.
  const contents = emitted === output ? new Map<string, string>() : new Map(emitted.map((file) => [file.path, file.contents]));
  const partHash = (path: string): string => fileHashes[path] ?? hash(contents.get(path) ?? '');
  const entities = Object.fromEntries([...model.entities].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((entity) => [entity.id, hash(FORMATS.map((spec) => partHash(router.filePath(entity.id, spec.format))).join(' '))]));
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
