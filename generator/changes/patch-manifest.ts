import { compareUnits } from '../text/compare-units.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import type { Router } from '../route/router.ts';
import { entityHasher, formatFlags } from './manifest.ts';
import { Manifest, type Column } from './manifest-table.ts';
import { findSorted, firstKeyAtOrAfter, walkSorted } from './sorted-keys.ts';
import { TextList } from './text-list.ts';
import { applyEdits, applyFlagEdits, type ColumnEdit, type PutEntry } from './file-edits.ts';

/** The previous build's files under `folders` (path prefixes), every one kept as it is but those `except` names. */
export interface KeptFolders {
  folders: readonly string[];
  except: ReadonlySet<string>;
}

/** Folders kept by several parts of an update, as one. */
export function keptTogether(...parts: readonly KeptFolders[]): KeptFolders {
  return { folders: parts.flatMap((part) => part.folders), except: new Set(parts.flatMap((part) => [...part.except])) };
}

/** What an in-place update hands the manifest: the files it made, and the previous hashes it kept. */
export interface ManifestPatch {
  /** Path and hash of every file the update made; these win over kept hashes. */
  hashed: readonly [string, string][];
  /** Previous build's hashes of the files the update kept, by the part of the build that kept them (search, tree). */
  carried: readonly ReadonlyMap<string, string>[];
  /** Previous build's files the update keeps as they are, by folder (where a map of them would be large). */
  kept: KeptFolders;
  /** Entities whose format files were made again: their hashes are worked out anew. */
  redo: ReadonlySet<string>;
  /** The previous build's ids the model no longer has (see removedIds), where the caller found them already; otherwise found here. */
  removed?: readonly string[];
}

/** The previous build's entity ids the model no longer has. */
export function removedIds(previous: Manifest, model: OntologyModel): string[] {
  return previous.ids.toArray().filter((id) => model.entityById(id) === undefined);
}

/**
 * The manifest after an in-place update, made from the previous one: the same as `buildManifest` over every
 * file (test/manifest.test.ts compares them), without sorting or re-hashing the files nothing touched. The
 * format files of the model's entities that were not made again are kept as the previous build wrote them.
 */
export function patchManifest(previous: Manifest, patch: ManifestPatch, model: OntologyModel, router: Router): Manifest {
  const made = new Map(patch.hashed);
  const ids = { has: (id: string) => model.entityById(id) !== undefined };
  // Most updates remove no entity: then every format file the previous build had is kept, its id not looked up.
  const noneRemoved = (patch.removed ?? removedIds(previous, model)).length === 0;
  const editedFiles = noneRemoved && previous.formats ? editFiles(previous, previous.formats, made, patch, router) : undefined;
  const { files, formats } = editedFiles ?? walkFiles(previous, made, patch, noneRemoved ? undefined : ids, router);
  const entityHash = entityHasher(
    (path) => {
      const at = findSorted(files.keys, path);
      return at === -1 ? undefined : files.values.at(at);
    },
    router,
    previous,
  );
  const before = { keys: previous.ids, values: previous.idHashes };
  // None removed and as many as before: the same ids, of which only those made again may hash differently.
  const editedEntities = noneRemoved && model.entities.length === previous.ids.length ? editEntities(before, patch.redo, entityHash) : undefined;
  const entities =
    editedEntities?.column ??
    patchColumn(before, addedIds(model, previous.ids), (id, hash) => {
      if (!ids.has(id)) return undefined;
      return hash !== undefined && !patch.redo.has(id) ? hash : entityHash(id);
    });
  const edits = editedFiles && editedEntities && { files: editedFiles.edits, entities: editedEntities.edits };
  return new Manifest(files, entities, { formats, base: { manifest: previous, edits } });
}

function addedIds(model: OntologyModel, previous: TextList): string[] {
  const before = new Set(previous.toArray());
  return model.entities.flatMap((entity) => (before.has(entity.id) ? [] : [entity.id])).sort(compareUnits);
}

/** The entities column with only the entities made again hashed anew, as edits to the previous one. */
function editEntities(previous: Column, redo: ReadonlySet<string>, entityHash: (id: string) => string): { column: Column; edits: ColumnEdit[] } {
  const edits: ColumnEdit[] = [];
  for (const id of redo) {
    const at = findSorted(previous.keys, id);
    const hash = at === -1 ? undefined : entityHash(id);
    if (hash !== undefined && hash !== previous.values.at(at)) edits.push({ at, put: [{ key: id, value: hash }], take: true });
  }
  edits.sort((a, b) => a.at - b.at);
  return { column: applyEdits(previous, edits), edits };
}

/**
 * The files column when no entity was removed, as edits to the previous one: the files made go in at their
 * places, and of the files that are no entity's format file (a seventh of them, found by their flags), those
 * neither made nor carried are dropped. The format files in between are copied as they are.
 */
function editFiles(
  previous: Manifest,
  formats: Uint8Array,
  made: ReadonlyMap<string, string>,
  { carried, kept }: ManifestPatch,
  router: Router,
): { files: Column; formats: Uint8Array; edits: ColumnEdit[] } {
  const paths = previous.paths;
  const edits = new Map<number, { at: number; put: PutEntry[]; take: boolean }>();
  const at = (position: number) => {
    let edit = edits.get(position);
    if (!edit) edits.set(position, (edit = { at: position, put: [], take: false }));
    return edit;
  };
  for (const path of [...made.keys()].sort(compareUnits)) {
    const position = firstKeyAtOrAfter(paths, path);
    const edit = at(position);
    edit.put.push({ key: path, value: made.get(path) as string, format: router.isFormatFile(path) });
    if (position < paths.length && paths.at(position) === path) edit.take = true;
  }
  // The kept folders' files are passed over by range, those of them not kept dropped by name.
  const ranges = kept.folders.map((folder) => folderRange(paths, folder)).sort((a, b) => a.start - b.start);
  let range = 0;
  for (let position = formats.indexOf(0); position !== -1; position = formats.indexOf(0, position + 1)) {
    while (range < ranges.length && ranges[range].end <= position) range += 1;
    if (range < ranges.length && ranges[range].start <= position) {
      position = ranges[range].end - 1;
      continue;
    }
    const path = paths.at(position);
    if (made.has(path)) continue;
    const hash = carriedHash(carried, path);
    if (hash === previous.hashes.at(position)) continue;
    const edit = at(position);
    edit.take = true;
    if (hash !== undefined) edit.put.push({ key: path, value: hash, format: false });
  }
  for (const path of kept.except) {
    const position = made.has(path) ? -1 : findSorted(paths, path);
    if (position !== -1) at(position).take = true;
  }
  const sorted = [...edits.values()].sort((a, b) => a.at - b.at);
  const base = { keys: paths, values: previous.hashes };
  return { files: applyEdits(base, sorted), formats: applyFlagEdits(formats, sorted), edits: sorted };
}

/**
 * The files column walked whole: for an update that removed entities (whose format files go), or a previous
 * manifest without its format flags. `ids`: the model's, when some were removed.
 */
function walkFiles(
  previous: Manifest,
  made: ReadonlyMap<string, string>,
  { carried, kept }: ManifestPatch,
  ids: { has(id: string): boolean } | undefined,
  router: Router,
): { files: Column; formats: Uint8Array } {
  const keptHash = (path: string, before: string): string | undefined => {
    if (router.isFormatFile(path)) return ids === undefined || ids.has(router.formatFileId(path) as string) ? before : undefined;
    const inKeptFolder = kept.folders.some((folder) => path.startsWith(folder));
    return inKeptFolder && !kept.except.has(path) ? before : carriedHash(carried, path);
  };
  const files = patchFiles({ keys: previous.paths, values: previous.hashes }, made, keptHash);
  return { files, formats: formatFlags(files.keys, router) };
}

/** The positions of the sorted paths that start with `folder`: from the first at or after it to the first after them all. */
function folderRange(paths: TextList, folder: string): { start: number; end: number } {
  const after = folder.slice(0, -1) + String.fromCharCode(folder.charCodeAt(folder.length - 1) + 1);
  return { start: firstKeyAtOrAfter(paths, folder), end: firstKeyAtOrAfter(paths, after) };
}

function carriedHash(carried: ManifestPatch['carried'], path: string): string | undefined {
  for (const part of carried) {
    const hash = part.get(path);
    if (hash !== undefined) return hash;
  }
  return undefined;
}

/**
 * The files' column after an update: the files made, in order among the previous ones, with their new hashes;
 * each other previous file with the hash `kept` gives it, or dropped. One merge of the made files (a few dozen)
 * into the previous ones (86,000 at full scale), where looking each previous file up among them took 35 ms.
 */
function patchFiles(previous: Column, made: ReadonlyMap<string, string>, kept: (path: string, before: string) => string | undefined): Column {
  const madePaths = [...made.keys()].sort(compareUnits);
  const keys: string[] = [];
  const values: string[] = [];
  const add = (path: string, hash: string) => {
    keys.push(path);
    values.push(hash);
  };
  let next = 0;
  for (let at = 0; at < previous.keys.length; at += 1) {
    const path = previous.keys.at(at);
    while (next < madePaths.length && madePaths[next] < path) add(madePaths[next], made.get(madePaths[next++]) as string);
    if (madePaths[next] === path) add(path, made.get(madePaths[next++]) as string);
    else {
      const hash = kept(path, previous.values.at(at));
      if (hash !== undefined) add(path, hash);
    }
  }
  for (; next < madePaths.length; next += 1) add(madePaths[next], made.get(madePaths[next]) as string);
  return { keys: TextList.of(keys), values: TextList.of(values) };
}

/**
 * A column after an update: its keys with `added` (sorted, none of them among its keys) merged in, each with the
 * value `value` gives it from the previous one (undefined for an added key), and dropped where that is undefined.
 */
function patchColumn(previous: Column, added: readonly string[], value: (key: string, before: string | undefined) => string | undefined): Column {
  const column = { keys: [] as string[], values: [] as string[] };
  walkSorted(previous.keys, TextList.of(added), (before, after) => {
    const key = before === undefined ? added[after as number] : previous.keys.at(before);
    const kept = value(key, before === undefined ? undefined : previous.values.at(before));
    if (kept === undefined) return;
    column.keys.push(key);
    column.values.push(kept);
  });
  return { keys: TextList.of(column.keys), values: TextList.of(column.values) };
}
