import { contentHash } from '../text/content-hash.ts';
import { compareUnits } from '../text/compare-units.ts';
import type { OutputFile } from '../emit/emit-api.ts';
import { emitReadableJson } from '../emit/json.ts';
import { Manifest } from './manifest-table.ts';
import { TextList } from './text-list.ts';
import { mergeSorted, walkSorted } from './sorted-keys.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import { CHANGES_FILE, MANIFEST_FILE, type Router } from '../route/router.ts';

export { Manifest, type PackedManifest } from './manifest-table.ts';
export { contentHash } from '../text/content-hash.ts';

export interface Changes {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Each file's path and hash, as buildManifest takes them. */
export function hashFiles(files: readonly OutputFile[]): [string, string][] {
  return files.map((file) => [file.path, contentHash(file.encoded ?? file.contents)]);
}

/**
 * The manifest of the output's files, given as path and hash (those carried over unchanged from the
 * previous build included); an entity's hash covers the bytes of all its formats. Paths are sorted.
 * `bundled`: format files packed into bundles, so not among the output's files (their hashes are taken here).
 * `previous`: the previous build's manifest, whose order and entity hashes are kept where nothing changed.
 */
export function buildManifest(
  hashed: readonly [string, string][],
  model: OntologyModel,
  router: Router,
  bundled: readonly OutputFile[] = [],
  previous?: Manifest,
): Manifest {
  return beginManifest(hashed, model, router, previous, bundled)([]);
}

/**
 * buildManifest for files hashed in two waves (a streamed build's API files, then its index and site files):
 * the first wave's paths are sorted and the entities hashed as soon as it is in, while the build still works.
 * The manifest is the one buildManifest makes of both waves.
 */
export function beginManifest(
  first: readonly [string, string][],
  model: OntologyModel,
  router: Router,
  previous?: Manifest,
  bundled: readonly OutputFile[] = [],
): (rest: readonly [string, string][]) => Manifest {
  const byPath = new Map(first);
  const firstPaths = sortedPaths(byPath, previous);
  const firstFormats = formatFlags(TextList.of(firstPaths), router);
  const ids = model.entities.map((entity) => entity.id).sort(compareUnits);
  const hashEntities = () => ids.map(entityHasher((path) => byPath.get(path), router, bundled.length === 0 ? previous : undefined, bundled));
  const early = hashEntities();
  return (rest) => {
    const more = [...new Set(rest.map(([path]) => path).filter((path) => !byPath.has(path)))].sort(compareUnits);
    for (const [path, hash] of rest) byPath.set(path, hash);
    const paths = mergeSorted(firstPaths, more);
    // A format file in the second wave (none in a streamed build) changes its entity's hash.
    const entityHashes = rest.some(([path]) => router.isFormatFile(path)) ? hashEntities() : early;
    const formats = more.length === 0 ? firstFormats : mergedFormats(paths, firstPaths, firstFormats, router);
    const files = { keys: TextList.of(paths), values: TextList.of(paths.map((path) => byPath.get(path) as string)) };
    return new Manifest(files, { keys: TextList.of(ids), values: TextList.of(entityHashes) }, { formats });
  };
}

/**
 * An entity's hash, over its format files' hashes; the previous build's when those are all the same as then.
 * `bundled`: format files not among `fileHash`'s (packed into bundles), hashed here.
 */
export function entityHasher(
  fileHash: (path: string) => string | undefined,
  router: Router,
  previous?: Manifest,
  bundled: readonly OutputFile[] = [],
): (id: string) => string {
  const contents = new Map(bundled.map((file) => [file.path, file.contents]));
  const partHash = (path: string): string => fileHash(path) ?? contentHash(contents.get(path) ?? '');
  return (id) => {
    const paths = router.publishedFormats(id).map((spec) => router.filePath(id, spec.format));
    const kept = previous?.entityHash(id);
    if (
      kept !== undefined &&
      paths.every((path) => {
        const before = previous?.fileHash(path);
        return before !== undefined && before === fileHash(path);
      })
    )
      return kept;
    return contentHash(paths.map(partHash).join(' '));
  };
}

/** The paths in code unit order: the previous manifest's still present, merged with the new ones sorted. */
function sortedPaths(paths: ReadonlyMap<string, string>, previous: Manifest | undefined): string[] {
  const kept = previous ? previous.paths.toArray().filter((path) => paths.has(path)) : [];
  const keptSet = new Set(kept);
  return mergeSorted(kept, [...paths.keys()].filter((path) => !keptSet.has(path)).sort(compareUnits));
}

/** A byte per path, 1 where it is an entity's format file: the flags a manifest keeps (filled in one loop, not by a mapped `Uint8Array.from`). */
export function formatFlags(paths: TextList, router: Router): Uint8Array {
  const flags = new Uint8Array(paths.length);
  for (let at = 0; at < paths.length; at += 1) if (router.isFormatFile(paths.at(at))) flags[at] = 1;
  return flags;
}

/** The format flags of `paths`, those of the first wave's paths (among them, in order) taken as they are. */
function mergedFormats(paths: readonly string[], firstPaths: readonly string[], firstFormats: Uint8Array, router: Router): Uint8Array {
  const formats = new Uint8Array(paths.length);
  let next = 0;
  paths.forEach((path, at) => {
    if (firstPaths[next] === path) formats[at] = firstFormats[next++];
    else formats[at] = router.isFormatFile(path) ? 1 : 0;
  });
  return formats;
}

/** Ids added, removed and changed between two manifests' entities, each list sorted. */
export function diffEntities(previous: Manifest | undefined, current: Manifest): Changes | undefined {
  if (!previous) return undefined;
  // Patched from `previous`, the manifest knows which entities it hashed anew: 18,500 ids are not walked.
  const edited = current.entityChangesSince(previous);
  if (edited) return edited;
  const changes: Changes = { added: [], removed: [], changed: [] };
  walkSorted(previous.ids, current.ids, (before, after) => {
    if (after === undefined) changes.removed.push(previous.ids.at(before as number));
    else if (before === undefined) changes.added.push(current.ids.at(after));
    else if (previous.idHashes.at(before) !== current.idHashes.at(after)) changes.changed.push(current.ids.at(after));
  });
  return changes;
}

/** `changes.json` (null lists for a first build) and the manifest file (unless it is written aside, see PartsTaker). */
export function emitChangeFiles(manifest: Manifest, changes: Changes | undefined, { withManifest = true } = {}): OutputFile[] {
  const body = changes ? { since_previous_build: true, ...changes } : { since_previous_build: false, added: null, removed: null, changed: null };
  const changesFile = { path: CHANGES_FILE, contents: emitReadableJson(body) };
  if (!withManifest) return [changesFile];
  return [
    changesFile,
    // Its bytes first (an update splices them from the previous file's); its text only if someone reads it.
    {
      path: MANIFEST_FILE,
      get contents() {
        return manifest.toJson();
      },
      encoded: manifest.toJsonBytes(),
    },
  ];
}

export function describeChanges(changes: Changes | undefined): string {
  if (!changes) return 'changes: no previous build to compare with';
  return `changes since the previous build: ${changes.added.length} added, ${changes.removed.length} removed, ${changes.changed.length} changed`;
}
