import { createHash } from 'node:crypto';
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { DEFAULT_LIMIT, INDEX_FILE, INDEX_VERSION, indexFilePath, shardName } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';
import { expandNodes, type BuiltNode } from './expand-nodes.ts';
import { encodeNodes } from './node-codec.ts';
import { memoDefinitions, planIndexReuse, previousNumbers, type IndexReuse, type SearchMemo } from './search-memo.ts';
import { StringTable } from '../text/string-table.ts';
import { definitionRow, searchSource, type SearchSource } from './search-entities.ts';
import { entityJsonOf, packForms, packedJsonOf } from './packed-forms.ts';
import { IndexOutput, type IndexStream } from './index-output.ts';
import {
  FILE_BUDGET_GZIP,
  entityList,
  hasRestLists,
  packFiles,
  renderShard,
  restLists,
  restListLength,
  restListsMoved,
  shardBoundary,
  type FileDone,
  type KnownSizes,
  type PackedFile,
  type PackRun,
  type Packing,
} from './shard-files.ts';

export interface IndexBudgets {
  /** Largest gzipped size of any file a query fetches. */
  fileGzip: number;
  /** Raw bytes of entity data up to which a prefix is a leaf the client ranks itself. */
  leafRaw: number;
  /** Raw bytes a file is filled to before it is rendered, measured and, if too big, halved. */
  fileRaw: number;
}

// Raw-size targets that, at JSON's usual compression, come close to the gzip budget.
export const DEFAULT_BUDGETS: IndexBudgets = { fileGzip: FILE_BUDGET_GZIP, leafRaw: 36 * 1024, fileRaw: 56 * 1024 };
// Files hold a few nodes but over a hundred entities, so entities may begin a file less often.
const NODE_ANCHOR_SPACING = 3;
const ENTITY_ANCHOR_SPACING = 24;
// A table index or global number with its comma.
const REFERENCE_BYTES = 6;
// Hex digits of a rest or chunk file's content hash in its name: 64 bits, so two contents never share one.
const CONTENT_NAME_LENGTH = 16;

export interface SearchIndexStats {
  files: number;
  bytes: number;
  /** Gzipped at zlib's fastest level: an upper bound of what hosts send. */
  gzipBytesAtMost: number;
  nodes: number;
  /** Files over the gzip budget (only a node too big for any file can cause one). */
  oversized: string[];
}

/** The previous build's index, for an update in place: files it wrote the same are kept, not written again. */
export interface PreviousIndex {
  memo: SearchMemo;
  /** A file's hash in the previous manifest. */
  hashOf: (path: string) => string | undefined;
}

export type { IndexStream };

export interface SearchIndex {
  /** With a stream, only the entry file: the others were handed over. */
  files: OutputFile[];
  /** Files the previous build wrote with the same bytes, by path: their hash. */
  carried: ReadonlyMap<string, string>;
  stats: SearchIndexStats;
  entities: SearchEntity[];
  memo: SearchMemo;
}

/**
 * The prefix index: `search/index.json`, the one short-lived entry file, and behind it shard files named
 * after where they begin (so an edit rewrites only the shards it reaches), and rest and chunk files named
 * by the hash of their content, which hosts can cache forever. Given the previous build's index, only the
 * nodes and files an edit reaches are worked out again.
 */
export function buildSearchIndex(model: OntologyModel, budgets: IndexBudgets = DEFAULT_BUDGETS, previous?: PreviousIndex, stream?: IndexStream): SearchIndex {
  return indexSearchSource(searchSource(model), budgets, previous, stream);
}

/** buildSearchIndex from what it reads of the model (plain data, so it can cross to another thread). */
export function indexSearchSource(source: SearchSource, budgets: IndexBudgets = DEFAULT_BUDGETS, previous?: PreviousIndex, stream?: IndexStream): SearchIndex {
  const { entities, labels, baseIri } = source;
  const forms =
    source.forms ??
    packForms(
      entities.map((entity, number) => ({ entity, labels: labels.at(number) })),
      baseIri,
    );
  const { sizes, hashes } = forms;
  const entityJson = entityJsonOf(forms, entities, baseIri);
  const relativeIris = entities.map((entity) => entity.iri.slice(baseIri.length));
  // The zlib version too: the files' gzip sizes decide where they split, and a build reuses the previous one's.
  const budgetsKey = JSON.stringify({ ...budgets, zlib: process.versions.zlib });
  const reuse = previous && planIndexReuse(previous.memo, baseIri, budgetsKey, entities, { hashes, sizes, leafBudget: budgets.leafRaw, kept: forms.previous });
  const { nodes, reused } = expandNodes(entities, labels, sizes, budgets.leafRaw, reuse);
  const kept = reuse ? keptRuns(reuse, reused, relativeIris) : undefined;
  stream?.between?.();

  const output = new IndexOutput(previous?.hashOf ?? (() => undefined), budgets.fileGzip, stream);
  const withRest = nodes.filter(hasRestLists);
  const hasRest = new Set(withRest.map((built) => built.prefix));
  const shardPacking: Packing<BuiltNode> = {
    estimate: (built) => nodeSize(built, sizes),
    key: (built) => built.prefix,
    render: (group, next) => renderShard(group, next, entityJson, hasRest),
    anchorSpacing: NODE_ANCHOR_SPACING,
    reuse: kept ? (group, next) => kept.s(group, next) : undefined,
  };
  // Where each shard begins; streaming, known only up to the file being named (a name needs only those).
  const boundaries: string[] = [];
  const shardNamer = output.namer('s', shardPacking, (_, number) => shardName(boundaries, number));
  const known = reuse && previous && knownSizes(previous);
  const shards = packFiles(
    nodes,
    shardPacking,
    budgets,
    stream &&
      named(shardNamer.onFile, (file, number) => {
        boundaries[number] = shardBoundary(file.group[0]);
      }),
    known,
  );
  if (!stream) {
    boundaries.push(...shards.files.map(({ group }) => shardBoundary(group[0])));
    nameAll(shards, shardNamer.onFile);
  }
  stream?.between?.();
  // A rest file's lists are cut from the nodes' only when it is written.
  const restPacking: Packing<BuiltNode> = {
    estimate: (built) => REFERENCE_BYTES * restListLength(built),
    key: (built) => built.prefix,
    render: (group) => emitJson(Object.fromEntries(group.map((built) => [built.prefix, restLists(built)]))),
    anchorSpacing: NODE_ANCHOR_SPACING,
    reuse: kept ? (group, next) => kept.r(group, next?.prefix) : undefined,
  };
  const restNamer = output.namer('r', restPacking, contentName);
  const rest = packFiles(withRest, restPacking, budgets, stream && restNamer.onFile, known);
  if (!stream) nameAll(rest, restNamer.onFile);
  const chunkPacking: Packing<number> = {
    estimate: (index) => sizes[index],
    key: (index) => relativeIris[index],
    render: (group) => `{${entityList(group.map(entityJson))}}`,
    anchorSpacing: ENTITY_ANCHOR_SPACING,
    reuse: kept ? (group, next) => kept.c(group, next === undefined ? undefined : relativeIris[next]) : undefined,
  };
  const chunkNamer = output.namer('c', chunkPacking, contentName);
  const chunks = packFiles(
    entities.map((_, index) => index),
    chunkPacking,
    budgets,
    stream && chunkNamer.onFile,
    known,
  );
  if (!stream) nameAll(chunks, chunkNamer.onFile);
  const restNames = restNamer.names;
  const chunkNames = chunkNamer.names;
  let chunkStart = 0;
  const entry = {
    v: INDEX_VERSION,
    base: baseIri,
    // A query is answered by the last shard whose boundary is not after it (see findShard in the client).
    shards: boundaries,
    rest: rest.files.map(({ group }, at) => [group[0].prefix, restNames[at]]),
    chunks: chunks.files.map(({ group }, at) => {
      const start = chunkStart;
      chunkStart += group.length;
      return [start, chunkNames[at]];
    }),
  };
  output.addEntry(`${SEARCH_FOLDER}/${INDEX_FILE}`, emitJson(entry));
  const memo: SearchMemo = {
    baseIri,
    budgets: budgetsKey,
    iris: entities.map((entity) => entity.iri),
    hashes,
    labels: forms.labels,
    // A kept entity's terms copied as the previous memo's bytes, undecoded.
    definitions: StringTable.storeRows(entities.length, previous && memoDefinitions(previous.memo), (entity) => definitionRow(source, entity)),
    sizes: Int32Array.from(sizes),
    characters: forms.characters,
    json: packedJsonOf(forms),
    nodes: encodeNodes(nodes),
    runs: { s: shards.runs, r: rest.runs, c: chunks.runs },
  };
  return { files: output.files, carried: output.carried, stats: { ...output.stats, nodes: nodes.length }, entities, memo };
}

/** The previous build's gzip measurements of its index files, by content hash (files rendered again unchanged are not compressed again). */
function knownSizes({ memo, hashOf }: PreviousIndex): KnownSizes {
  const known = new Map<string, { gzipAtMost: number; oversized: boolean }>();
  for (const kind of ['s', 'r', 'c'] as const) {
    for (const run of memo.runs[kind]) {
      for (const { name, gzipAtMost, oversized } of run.files) {
        const hash = name === undefined ? undefined : hashOf(`${SEARCH_FOLDER}/${indexFilePath(kind, name)}`);
        if (hash !== undefined) known.set(hash, { gzipAtMost, oversized });
      }
    }
  }
  return known;
}

function contentName(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, CONTENT_NAME_LENGTH);
}

/** Names the files of a finished packing, in order (packFiles does it as it goes when given the namer). */
function nameAll<T>(packed: { files: PackedFile<T>[]; runs: PackRun[] }, onFile: FileDone<T>): void {
  let number = 0;
  for (const run of packed.runs) {
    for (const entry of run.files) {
      onFile(packed.files[number], number, entry);
      number += 1;
    }
  }
}

/** `onFile` with `first` done before it. */
function named<T>(onFile: FileDone<T>, first: FileDone<T>): FileDone<T> {
  return (file, number, entry) => {
    first(file, number, entry);
    onFile(file, number, entry);
  };
}

/**
 * For each kind of file, the previous build's run for a filled group that would come out the same: the same
 * items, none the edit reaches, followed by the same item (shards show the next one's boundary).
 */
function keptRuns(reuse: IndexReuse, reused: ReadonlySet<BuiltNode>, relativeIris: readonly string[]) {
  const { memo } = reuse;
  const byFirst = (runs: readonly PackRun[]) => new Map(runs.filter((run) => run.files.every((file) => !file.oversized)).map((run) => [run.first, run]));
  const runs = { s: byFirst(memo.runs.s), r: byFirst(memo.runs.r), c: byFirst(memo.runs.c) };
  // The previous nodes renumbered: the same prefixes, and lists of the same lengths.
  const previousNodes = reuse.nodes;
  const oldNode = new Map<string, number>();
  previousNodes.forEach((built, at) => oldNode.set(built.prefix, at));
  const oldWithRest = previousNodes.filter(hasRestLists).map((built) => built.prefix);
  const oldRestAt = new Map(oldWithRest.map((prefix, at) => [prefix, at]));
  const relative = (iri: string) => iri.slice(memo.baseIri.length);
  const matching = (run: PackRun | undefined, length: number, next: string | undefined) =>
    run && run.next === (next ?? null) && run.files.reduce((total, file) => total + file.length, 0) === length ? run : undefined;
  // The group must be the previous run's nodes, one after another, each kept as it was and showing no changed entity.
  const sameNodes = (group: readonly BuiltNode[], run: PackRun | undefined) => {
    const start = run ? oldNode.get(run.first) : undefined;
    return (
      start !== undefined && group.every((built, at) => reused.has(built) && !reuse.shows(built.prefix) && previousNodes[start + at]?.prefix === built.prefix)
    );
  };
  return {
    s: (group: BuiltNode[], next: BuiltNode | undefined): PackRun | undefined => {
      const run = matching(runs.s.get(group[0].prefix), group.length, next?.prefix);
      // A shard shows where the next one begins: the same unless a node worked out again begins its chain elsewhere.
      return sameNodes(group, run) && (next === undefined || reused.has(next) || previousNodes[oldNode.get(next.prefix) ?? -1]?.from === next.from)
        ? run
        : undefined;
    },
    r: (group: BuiltNode[], next: string | undefined): PackRun | undefined => {
      const run = matching(runs.r.get(group[0].prefix), group.length, next);
      const start = oldRestAt.get(group[0].prefix);
      // Rest files list entity numbers: an edit that moves some entities changes only the files that list those.
      return run &&
        start !== undefined &&
        group.every((built, at) => reused.has(built) && oldWithRest[start + at] === built.prefix && !restListsMoved(built, reuse.moved))
        ? run
        : undefined;
    },
    c: (group: number[], next: string | undefined): PackRun | undefined => {
      const run = matching(runs.c.get(relativeIris[group[0]]), group.length, next);
      const start = previousNumbers(memo).get(memo.baseIri + relativeIris[group[0]]);
      return run &&
        start !== undefined &&
        group.every((number, at) => {
          const iri = memo.iris[start + at];
          return iri !== undefined && relative(iri) === relativeIris[number] && !reuse.changed.has(iri);
        })
        ? run
        : undefined;
    },
  };
}

function nodeSize(built: BuiltNode, sizes: number[]): number {
  const bytes = (entities: number[]) => entities.reduce((total, entity) => total + sizes[entity] + REFERENCE_BYTES, 0);
  if ('leaf' in built.node) return bytes(built.node.leaf);
  const lists = [built.node.ranked, ...(built.node.inner ? [built.node.inner] : [])];
  return lists.reduce((total, list) => total + bytes([...list.class.slice(0, DEFAULT_LIMIT), ...list.property.slice(0, DEFAULT_LIMIT)]), 0);
}
