// What the hosts' code answers the live service's structured queries from (`/search/query`, `/search/query_properties`;
// the search core's live-query.js): each class's texts, one file a field, so a query fetches only the fields it
// filters on; the classes' ids, flags, children and (for a class with no file of its own) record; every object
// property's record. Each file is named by its content, behind one small entry file (LIVE_QUERY_ENTRY), so runtimes
// keep them as long as they like. A class file is a JSON array of one row a class, in document order: an update
// splices the rows of the classes it made again into the previous build's file, as bytes (where each row ends is
// kept in QueryMemo), and keeps the files none of whose rows changed; making every class's record again took a
// third of a second at FOLIO's scale, keeping the files' text in the build cache 60 ms, reading and hashing it 60 ms.
import { createHash } from 'node:crypto';
import { emitJson } from '../emit/json.ts';
import type { ClassRecord } from '../schema/records.ts';
import { LIVE_QUERY_ENTRY, LIVE_QUERY_FOLDER } from '../search/core/search-core.js';
import { branchesOf } from './branches.ts';
import type { LiveGraph } from './live-graph.ts';

/** A file of the corpus: its path below the base, its text, and (where it was spliced as bytes) those. */
export interface CorpusFile {
  path: string;
  contents: string;
  encoded?: Uint8Array;
}

// The class files, by the name the entry gives each: `classes` holds [flags, children, record or 0] a class (see
// live-query.js); `other`, what `any_text` reads besides the rest (notes, comment, description).
const CLASS_FILES = ['ids', 'classes', 'label', 'definition', 'alt_label', 'example', 'country', 'other'] as const;
type ClassFile = (typeof CLASS_FILES)[number];
const HASH_LENGTH = 12;

/** Where each row of a class file ends, in UTF-8 bytes (after its last byte), and the hash its name holds. */
interface RowEnds {
  ends: Int32Array;
  hash: string;
}

/** A class file: where its rows end, and its bytes where this build made it (else it is the previous one, kept). */
type RowsBytes = RowEnds & ({ made: true; bytes: Uint8Array } | { made: false });

/** A previous build's class file, read only as far as an update needs: the rows it compares, or whole to splice. */
interface PreviousClassFile extends RowEnds {
  path: string;
}

/** The previous build's class files found as its memo says, and the output they are read from. */
interface PreviousClassFiles {
  files: PreviousFiles;
  found: Record<ClassFile, PreviousClassFile>;
}

/** The previous build's output files, read where an update asks (write/previous-output-files.ts). */
export interface PreviousFiles {
  read(path: string): Uint8Array | undefined;
  size(path: string): number | undefined;
  readAt(path: string, position: number, length: number): Uint8Array | undefined;
}

/** What the next build keeps of the corpus: the classes' IRIs in order, and where each class file's rows end. */
export interface QueryMemo {
  iris: string[];
  files: Record<ClassFile, RowEnds>;
}

/**
 * An update's corpus: the previous build's memo, the IRIs of the classes whose records it made again, and the
 * previous build's output file at a path (undefined where there is none).
 */
export interface QueryPatch {
  previous: QueryMemo | undefined;
  changed: ReadonlySet<string>;
  files: PreviousFiles | undefined;
}

/**
 * The corpus of a graph (its entry file first, then the files it made), its memo, and the previous build's files it
 * keeps as they are. Given a patch whose previous memo holds the same classes in the same order, the rows of the
 * changed classes (and of those the build does not publish, whose records are made anew) are spliced into the
 * previous files' bytes, and a file none of whose rows changed is kept; otherwise every class's row is made.
 */
export function queryCorpus(graph: LiveGraph, patch?: QueryPatch): { files: CorpusFile[]; memo: QueryMemo; kept: string[] } {
  const base = graph.baseIri;
  const iris = graph.classIris();
  const indexOf = new Map<string, number>();
  iris.forEach((iri, index) => {
    if (!indexOf.has(iri)) indexOf.set(iri, index);
  });
  const rowsOf = (record: ClassRecord) => classRows(graph, record, indexOf);
  const previous = patch?.previous && patch.files && sameList(patch.previous.iris, iris) ? previousFiles(patch.previous, patch.files) : undefined;
  const classFiles = previous
    ? patchFiles(
        previous,
        iris.flatMap((iri, index) => ((patch?.changed.has(iri) ?? true) || graph.publishedId(iri) === undefined ? [index] : [])),
        (index) => rowsOf(graph.classOf(iris[index]) as ClassRecord),
      )
    : wholeFiles(graph.classes.map(rowsOf));
  const files: CorpusFile[] = [];
  const kept: string[] = [];
  const named: Record<string, string> = {};
  for (const key of CLASS_FILES) {
    const file = classFiles[key];
    const path = corpusPath(key, file.hash);
    named[key] = path;
    if (file.made) files.push({ path, contents: Buffer.from(file.bytes).toString('utf8'), encoded: file.bytes });
    else kept.push(path);
  }
  const properties = emitJson(graph.properties);
  named.properties = corpusPath('properties', hashOf(properties));
  files.push({ path: named.properties, contents: properties });
  const branches = branchesOf(graph).map((branch) => [branch.aliases, branch.root]);
  const memo = { iris, files: {} as Record<ClassFile, RowEnds> };
  for (const key of CLASS_FILES) memo.files[key] = { ends: classFiles[key].ends, hash: classFiles[key].hash };
  return { files: [{ path: LIVE_QUERY_ENTRY, contents: emitJson({ base, branches, files: named }) }, ...files], memo, kept };
}

function corpusPath(key: string, hash: string): string {
  return `${LIVE_QUERY_FOLDER}${key}-${hash}.json`;
}

/** The previous build's class files as its memo says they are, or undefined where one is missing or is not (then all are made). */
function previousFiles(memo: QueryMemo, files: PreviousFiles): PreviousClassFiles | undefined {
  const found = {} as Record<ClassFile, PreviousClassFile>;
  for (const key of CLASS_FILES) {
    const { ends, hash } = memo.files[key];
    const path = corpusPath(key, hash);
    if (files.size(path) !== expectedLength(ends)) return undefined;
    found[key] = { path, ends, hash };
  }
  return { files, found };
}

/** A class file's length: its rows, their commas and its brackets. */
function expectedLength(ends: Int32Array): number {
  return ends.length === 0 ? 2 : ends[ends.length - 1] + 1;
}

/** A class's row in each class file, as JSON. */
function classRows(graph: LiveGraph, record: ClassRecord, indexOf: ReadonlyMap<string, number>): Record<ClassFile, string> {
  const key = record.iri.startsWith(graph.baseIri) ? record.iri.slice(graph.baseIri.length) : record.iri;
  const flags = (record.deprecated ? 1 : 0) | (record.parent_class_of.length > 0 ? 2 : 0);
  const children = record.parent_class_of.flatMap((iri) => indexOf.get(iri) ?? []);
  // A class without a record file at its key (owl:Thing, another vocabulary's, one the site's own /{id} takes) travels whole.
  const inline = graph.publishedId(record.iri) === key && graph.hasRecordFile(key) ? 0 : record;
  const other = [...record.notes, ...[record.comment, record.description].filter((text) => text !== null)];
  return {
    ids: emitJson(key),
    classes: emitJson([flags, children, inline]),
    label: emitJson(record.label),
    definition: emitJson(record.definition),
    alt_label: emitJson(record.alternative_labels),
    example: emitJson(record.examples),
    country: emitJson(record.country),
    other: emitJson(other),
  };
}

function wholeFiles(rows: Record<ClassFile, string>[]): Record<ClassFile, RowsBytes> {
  const files = {} as Record<ClassFile, RowsBytes>;
  for (const key of CLASS_FILES) {
    const ends = new Int32Array(rows.length);
    let length = 1;
    rows.forEach((row, index) => {
      length += (index === 0 ? 0 : 1) + Buffer.byteLength(row[key]);
      ends[index] = length;
    });
    const bytes = Buffer.from(`[${rows.map((row) => row[key]).join(',')}]`);
    files[key] = { bytes, ends, hash: hashOf(bytes), made: true };
  }
  return files;
}

/**
 * The previous files with the rows at `indices` (ascending) made again, spliced as bytes; a file none of whose rows
 * changed is kept, having read only those rows of it.
 */
function patchFiles(
  { files, found }: PreviousClassFiles,
  indices: readonly number[],
  rowOf: (index: number) => Record<ClassFile, string>,
): Record<ClassFile, RowsBytes> {
  const rows = indices.map((index) => {
    const row = rowOf(index);
    return Object.fromEntries(CLASS_FILES.map((key) => [key, Buffer.from(row[key])])) as Record<ClassFile, Buffer>;
  });
  const patched = {} as Record<ClassFile, RowsBytes>;
  for (const key of CLASS_FILES) {
    const { path, ends, hash } = found[key];
    const startOf = (index: number) => (index === 0 ? 1 : ends[index - 1] + 1);
    const sameRow = (index: number, row: Uint8Array) => {
      const before = files.readAt(path, startOf(index), ends[index] - startOf(index));
      return before !== undefined && Buffer.compare(before, row) === 0;
    };
    const changed = indices.flatMap((index, at) => (sameRow(index, rows[at][key]) ? [] : [at]));
    if (changed.length === 0) {
      patched[key] = { ends, hash, made: false };
      continue;
    }
    const bytes = files.read(path);
    if (bytes === undefined || bytes.length !== expectedLength(ends)) throw new Error(`internal error: ${path} changed while the build read it`);
    const parts: Uint8Array[] = [];
    const newEnds = new Int32Array(ends.length);
    let from = 0;
    let shift = 0;
    let next = 0;
    for (const at of changed) {
      const index = indices[at];
      const row = rows[at][key];
      parts.push(bytes.subarray(from, startOf(index)), row);
      for (; next < index; next += 1) newEnds[next] = ends[next] + shift;
      shift += row.length - (ends[index] - startOf(index));
      newEnds[index] = ends[index] + shift;
      next = index + 1;
      from = ends[index];
    }
    for (; next < ends.length; next += 1) newEnds[next] = ends[next] + shift;
    parts.push(bytes.subarray(from));
    const spliced = Buffer.concat(parts);
    patched[key] = { bytes: spliced, ends: newEnds, hash: hashOf(spliced), made: true };
  }
  return patched;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function hashOf(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, HASH_LENGTH);
}
