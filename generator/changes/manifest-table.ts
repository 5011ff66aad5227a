import { compareUnits } from '../text/compare-units.ts';
import {
  renderManifestJson,
  spliceEditedJson,
  spliceEditedJsonBytes,
  spliceEditedJsonParts,
  spliceManifestJson,
  type EditedColumn,
  type PreviousJsonFile,
} from './manifest-json.ts';
import { findSorted, firstKeyAtOrAfter, walkSorted, type Column } from './sorted-keys.ts';
import { JoinedTextList } from './joined-text-list.ts';
import { ConcatTextList } from './concat-text-list.ts';
import { cutPages, editedPages, readPage, type MadePage, type ManifestPage, type PagedManifest } from './manifest-pages.ts';
import { TextList } from './text-list.ts';
import type { PreviousStretch } from '../emit/download-files.ts';
import { editSums, spliceEntries, type ColumnEdit } from './file-edits.ts';

/** A manifest's columns each joined into one string: how a manifest crosses to the site build's thread (the cache keeps pages, see PagedManifest). */
export interface PackedManifest {
  paths: string;
  hashes: string;
  ids: string;
  idHashes: string;
  /** A byte per path: 1 where it is an entity's format file (Router.isFormatFile). Absent when not known. */
  formats?: Uint8Array;
}

/** How a manifest was made from another (patchManifest): the edits to its columns, when it was made by edits. */
export interface ManifestBase {
  manifest: Manifest;
  edits?: { files: readonly ColumnEdit[]; entities: readonly ColumnEdit[] };
}

export type { Column } from './sorted-keys.ts';

// No path, id or hash holds a NUL (a file name cannot).
const JOIN = '\u0000';

/**
 * What a build leaves for the next one: a hash of every output file, and of every entity's four formats,
 * kept as sorted columns. An update looks hashes up and patches the columns without making the objects
 * manifest.json parses into (for 86,000 files those cost more than the rest of the manifest's work).
 */
export class Manifest {
  readonly version = 1;
  /** Every output file's path, in code unit order; `hashes.at(i)` is the hash of `paths.at(i)`. */
  readonly paths: TextList;
  readonly hashes: TextList;
  /** Every entity's id, in code unit order; `idHashes.at(i)` covers the bytes of that entity's formats. */
  readonly ids: TextList;
  readonly idHashes: TextList;
  /** A byte per path, 1 where it is an entity's format file; undefined when not known (read from manifest.json alone). */
  readonly formats: Uint8Array | undefined;
  #files: Readonly<Record<string, string>> | undefined;
  #json: string | undefined;
  /** manifest.json's UTF-8, when known (read from the file, or made). */
  #jsonBytes: Uint8Array | undefined;
  /** manifest.json where it lies, when this manifest was read from the cache (its bytes read only if asked for). */
  #jsonFile: PreviousJsonFile | undefined;
  /** The columns as the cache kept them, when this manifest was read from it. */
  #packed: PackedManifest | undefined;
  /** A manifest this one was patched from, whose text and packed columns toJson and pack copy the unchanged runs of. */
  #base: ManifestBase | undefined;
  #editedColumns: [EditedColumn, EditedColumn] | undefined;
  /** The pages the files column was read from, when it was read from the cache's pages. */
  #pages: readonly ManifestPage[] | undefined;

  /** Columns whose keys are in code unit order already; `Manifest.fromEntries` takes any order. */
  constructor(files: Column, entities: Column, { formats, base }: { formats?: Uint8Array; base?: ManifestBase } = {}) {
    this.paths = files.keys;
    this.hashes = files.values;
    this.ids = entities.keys;
    this.idHashes = entities.values;
    this.formats = formats?.length === files.keys.length ? formats : undefined;
    this.#base = base;
    // Only the last link is kept: a chain of patched manifests would keep every earlier one alive.
    if (base) base.manifest.#base = undefined;
  }

  /** Notes the text toJson gives, or its UTF-8, known already: the file this manifest was read from (checked by its hash). */
  withJson(json: string | Uint8Array | PreviousJsonFile): this {
    if (typeof json === 'string') this.#json = json;
    else if (json instanceof Uint8Array) this.#jsonBytes = json;
    else this.#jsonFile = json;
    return this;
  }

  // The text, decoded from the bytes it was read as when only those are known.
  #knownText(): string | undefined {
    const bytes = this.#knownBytes();
    if (this.#json === undefined && bytes !== undefined) this.#json = Buffer.from(bytes).toString('utf8');
    return this.#json;
  }

  // The bytes, read from the file when only where it lies is known.
  #knownBytes(): Uint8Array | undefined {
    if (this.#jsonBytes === undefined && this.#jsonFile !== undefined) this.#jsonBytes = this.#jsonFile.bytes();
    return this.#jsonBytes;
  }

  static fromEntries(files: readonly [string, string][], entities: readonly [string, string][]): Manifest {
    return new Manifest(sortedColumn(files), sortedColumn(entities));
  }

  /** manifest.json read back; undefined unless it is one. */
  static parse(text: string): Manifest | undefined {
    try {
      const parsed = JSON.parse(text) as { version?: unknown; files?: unknown; entities?: unknown };
      const files = stringEntries(parsed.files);
      const entities = stringEntries(parsed.entities);
      return parsed.version === 1 && files && entities ? Manifest.fromEntries(files, entities) : undefined;
    } catch {
      return undefined;
    }
  }

  static unpack(packed: PackedManifest): Manifest | undefined {
    const [paths, hashes, ids, idHashes] = [packed.paths, packed.hashes, packed.ids, packed.idHashes].map((text) => new JoinedTextList(text, JOIN));
    if (paths.length !== hashes.length || ids.length !== idHashes.length) return undefined;
    const manifest = new Manifest({ keys: paths, values: hashes }, { keys: ids, values: idHashes }, { formats: packed.formats });
    manifest.#packed = packed;
    return manifest;
  }

  /**
   * The manifest read back from the cache's pages (see PagedManifest), given each page's text in order;
   * undefined unless every page holds what the page table says.
   */
  static fromPages(paged: PagedManifest, texts: readonly string[]): Manifest | undefined {
    if (texts.length !== paged.pages.length) return undefined;
    const columns = paged.pages.map((page, at) => readPage(texts[at], page.count));
    const read = columns.flatMap((column) => (column ? [column] : []));
    if (read.length !== columns.length) return undefined;
    const files = { keys: new ConcatTextList(read.map((column) => column.keys)), values: new ConcatTextList(read.map((column) => column.values)) };
    const entities = { keys: new JoinedTextList(paged.ids, JOIN), values: new JoinedTextList(paged.idHashes, JOIN) };
    if (entities.keys.length !== entities.values.length) return undefined;
    const manifest = new Manifest(files, entities, { formats: paged.formats });
    manifest.#pages = paged.pages;
    return manifest;
  }

  /**
   * The manifest as the cache keeps it, its pages made (see MadePage) only where the edits fall when this
   * manifest was patched from one read from pages, every page otherwise.
   */
  paged(): PagedManifest<ManifestPage | MadePage> {
    const base = this.#base;
    const edits = base?.edits?.files;
    const basePages = base === undefined ? undefined : base.manifest.#pages;
    const made =
      edits && basePages ? editedPages(basePages, { keys: this.paths, values: this.hashes }, edits) : cutPages({ keys: this.paths, values: this.hashes });
    const formats = this.formats === undefined ? {} : { formats: this.formats };
    return { pages: made, ids: this.ids.join(JOIN), idHashes: this.idHashes.join(JOIN), ...formats };
  }

  pack(): PackedManifest {
    const formats = this.formats === undefined ? {} : { formats: this.formats };
    const base = this.#base;
    const packed = base === undefined ? undefined : base.manifest.#packed;
    const edited = this.#edited();
    if (packed && edited) {
      // 86,000 entries copied from the previous packed columns as a few runs.
      const [files, entities] = edited;
      const joined = (text: string, column: EditedColumn, sums: Map<number, number>, pick: (entry: { key: string; value: string }) => string) =>
        spliceEntries(text, column.base, column.edits, (position) => (sums.get(position) as number) + position * JOIN.length, JOIN, pick);
      return {
        paths: joined(packed.paths, files, files.sums.keys, (entry) => entry.key),
        hashes: joined(packed.hashes, files, files.sums.values, (entry) => entry.value),
        ids: joined(packed.ids, entities, entities.sums.keys, (entry) => entry.key),
        idHashes: joined(packed.idHashes, entities, entities.sums.values, (entry) => entry.value),
        ...formats,
      };
    }
    return { paths: this.paths.join(JOIN), hashes: this.hashes.join(JOIN), ids: this.ids.join(JOIN), idHashes: this.idHashes.join(JOIN), ...formats };
  }

  // The base's columns with the edits that made this manifest's, and their lengths summed (once, for pack and toJson).
  #edited(): [EditedColumn, EditedColumn] | undefined {
    const base = this.#base;
    if (!base?.edits) return undefined;
    if (this.#editedColumns === undefined) {
      const column = (keys: TextList, values: TextList, edits: readonly ColumnEdit[]): EditedColumn => ({
        base: { keys, values },
        edits,
        sums: editSums({ keys, values }, edits),
      });
      const { manifest, edits } = base;
      this.#editedColumns = [column(manifest.paths, manifest.hashes, edits.files), column(manifest.ids, manifest.idHashes, edits.entities)];
    }
    return this.#editedColumns;
  }

  fileHash(path: string): string | undefined {
    const at = findSorted(this.paths, path);
    return at === -1 ? undefined : this.hashes.at(at);
  }

  entityHash(id: string): string | undefined {
    const at = findSorted(this.ids, id);
    return at === -1 ? undefined : this.idHashes.at(at);
  }

  /** Lookups among the files under a folder (`prefix` ends in "/"), from one map of that stretch of the sorted paths. */
  hashesUnder(prefix: string): (path: string) => string | undefined {
    const hashes = new Map<string, string>();
    for (let at = firstKeyAtOrAfter(this.paths, prefix); at < this.paths.length; at += 1) {
      const path = this.paths.at(at);
      if (!path.startsWith(prefix)) break;
      hashes.set(path, this.hashes.at(at));
    }
    return (path) => hashes.get(path);
  }

  /**
   * The files of `previous` this manifest no longer lists, in code unit order: read off the edits when this
   * manifest was patched from it (a one-label update takes out a few dozen of 175,000), otherwise walked.
   */
  removedSince(previous: Manifest): string[] {
    const edits = this.#base?.manifest === previous ? this.#base.edits?.files : undefined;
    if (edits === undefined) return walkedRemovals(previous.paths, this.paths);
    return edits.flatMap(({ at, put, take }) => {
      const path = take ? previous.paths.at(at) : undefined;
      return path === undefined || put.some((entry) => entry.key === path) ? [] : [path];
    });
  }

  /**
   * The entities added, removed and changed (hashed anew) since `previous`, in code unit order, read off the edits
   * when this manifest was patched from it; undefined otherwise (the caller walks both columns).
   */
  entityChangesSince(previous: Manifest): { added: string[]; removed: string[]; changed: string[] } | undefined {
    const edits = this.#base?.manifest === previous ? this.#base.edits?.entities : undefined;
    if (edits === undefined) return undefined;
    const changes = { added: [] as string[], removed: [] as string[], changed: [] as string[] };
    for (const { at, put, take } of edits) {
      const taken = take ? previous.ids.at(at) : undefined;
      for (const { key, value } of put) {
        if (key !== taken) changes.added.push(key);
        else if (value !== previous.idHashes.at(at)) changes.changed.push(key);
      }
      if (taken !== undefined && !put.some(({ key }) => key === taken)) changes.removed.push(taken);
    }
    return changes;
  }

  /** Every file's hash by path, made on first use: for many lookups at once (writing a whole build). */
  get files(): Readonly<Record<string, string>> {
    if (this.#files === undefined) {
      const hashes = this.hashes.toArray();
      this.#files = Object.fromEntries(this.paths.toArray().map((path, at) => [path, hashes[at]]));
    }
    return this.#files;
  }

  /** manifest.json: compact, keys in code unit order, escaped as emitJson escapes. */
  toJson(): string {
    if (this.#knownText() === undefined) {
      const files = { keys: this.paths, values: this.hashes };
      const entities = { keys: this.ids, values: this.idHashes };
      const base = this.#base?.manifest;
      const baseText = base === undefined ? undefined : base.#knownText();
      const before =
        base === undefined || baseText === undefined
          ? undefined
          : { files: { keys: base.paths, values: base.hashes }, entities: { keys: base.ids, values: base.idHashes }, json: baseText };
      const edited = before && this.#edited();
      // Spliced from the previous text, full FOLIO's manifest takes 28 ms instead of 220 ms to render (measured).
      this.#json =
        (before && edited && spliceEditedJson(before.json, ...edited)) ??
        (before && spliceManifestJson(before, files, entities)) ??
        renderManifestJson(files, entities);
    }
    return this.#json as string;
  }

  /** toJson's UTF-8: spliced from the previous file's bytes where they are all ASCII, so the text is not made and encoded again. */
  toJsonBytes(): Uint8Array {
    if (this.#jsonBytes === undefined) {
      const base = this.#base?.manifest;
      const baseBytes = base === undefined ? undefined : base.#knownBytes();
      const edited = baseBytes && this.#edited();
      this.#jsonBytes = (baseBytes && edited && spliceEditedJsonBytes(baseBytes, ...edited)) || Buffer.from(this.toJson());
    }
    return this.#jsonBytes;
  }

  /**
   * manifest.json as parts (bytes made now, stretches of the previous file), when this manifest was patched from
   * one read from the cache whose file is all ASCII: a writer copies the stretches, and the file is never read whole.
   */
  toJsonParts(): (Uint8Array | PreviousStretch)[] | undefined {
    const base = this.#base?.manifest;
    if (base === undefined || base.#jsonFile === undefined) return undefined;
    const edited = this.#edited();
    return edited && spliceEditedJsonParts(base.#jsonFile, ...edited);
  }
}

function sortedColumn(entries: readonly [string, string][]): Column {
  const ordered = inOrder(entries) ? entries : [...entries].sort((a, b) => compareUnits(a[0], b[0]));
  return { keys: TextList.of(ordered.map(([key]) => key)), values: TextList.of(ordered.map(([, value]) => value)) };
}

function inOrder(entries: readonly [string, string][]): boolean {
  for (let at = 1; at < entries.length; at += 1) if (!(entries[at - 1][0] < entries[at][0])) return false;
  return true;
}

function walkedRemovals(before: TextList, after: TextList): string[] {
  const removed: string[] = [];
  walkSorted(before, after, (old, now) => {
    if (now === undefined) removed.push(before.at(old as number));
  });
  return removed;
}

/** An object's entries, if it has only string values. */
function stringEntries(value: unknown): [string, string][] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') return undefined;
    entries.push([key, item]);
  }
  return entries;
}
