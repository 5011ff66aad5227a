import { createHash } from 'node:crypto';
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/build-model.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { DEFAULT_LIMIT, INDEX_FILE, indexFilePath, shardName } from './client/search-client.js';
import type { RestLists, SearchEntity } from './client/search-client.js';
import { expandNodes, type BuiltNode } from './expand-nodes.ts';
import { packEntity, searchEntities } from './search-entities.ts';
import { FILE_BUDGET_GZIP, gzipSize, packFiles, renderShard, restLists, shardBoundary, type PackedFile } from './shard-files.ts';

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

export interface SearchIndexStats {
  files: number;
  bytes: number;
  /** Gzipped at zlib's fastest level: an upper bound of what hosts send. */
  gzipBytesAtMost: number;
  nodes: number;
  /** Files over the gzip budget (only a node too big for any file can cause one). */
  oversized: string[];
}

/**
 * The prefix index: `search/index.json`, the one short-lived entry file, and behind it shard files named
 * after where they begin (so an edit rewrites only the shards it reaches), and rest and chunk files named
 * by the hash of their content, which hosts can cache forever.
 */
export function buildSearchIndex(model: OntologyModel, budgets: IndexBudgets = DEFAULT_BUDGETS): { files: OutputFile[]; stats: SearchIndexStats; entities: SearchEntity[] } {
  const entities = searchEntities(model);
  const baseIri = model.baseIri;
  const packed = entities.map((entity) => packEntity(baseIri, entity));
  const sizes = packed.map((entry) => Buffer.byteLength(JSON.stringify(entry)));
  const nodes = expandNodes(entities, sizes, budgets.leafRaw);

  const withRest = nodes.flatMap((built) => {
    const lists = restLists(built);
    return lists ? [{ prefix: built.prefix, lists }] : [];
  });
  const restFiles = packFiles(withRest, {
    estimate: ({ lists }) => REFERENCE_BYTES * countReferences(lists),
    key: ({ prefix }) => prefix,
    render: (group) => emitJson(Object.fromEntries(group.map(({ prefix, lists }) => [prefix, lists]))),
    anchorSpacing: NODE_ANCHOR_SPACING,
  }, budgets);
  const hasRest = new Set(withRest.map(({ prefix }) => prefix));

  const shardFiles = packFiles(nodes, {
    estimate: (built) => nodeSize(built, sizes),
    key: (built) => built.prefix,
    render: (group, next) => renderShard(group, next, packed, hasRest),
    anchorSpacing: NODE_ANCHOR_SPACING,
  }, budgets);
  const boundaries = shardFiles.map(({ group }) => shardBoundary(group[0]));
  const chunkFiles = packFiles(packed.map((_, index) => index), {
    estimate: (index) => sizes[index],
    key: (index) => packed[index][1],
    render: (group) => emitJson({ e: group.map((index) => packed[index]) }),
    anchorSpacing: ENTITY_ANCHOR_SPACING,
  }, budgets);

  const files: OutputFile[] = [];
  const stats: SearchIndexStats = { files: 0, bytes: 0, gzipBytesAtMost: 0, nodes: nodes.length, oversized: [] };
  const add = (kind: 's' | 'r' | 'c', name: string, file: Pick<PackedFile<unknown>, 'contents' | 'gzipAtMost' | 'oversized'>) => {
    const path = `${SEARCH_FOLDER}/${indexFilePath(kind, name)}`;
    files.push({ path, contents: file.contents });
    count(stats, path, file);
  };
  shardFiles.forEach((file, number) => add('s', shardName(boundaries, number), file));
  const named = <T>(packedFiles: PackedFile<T>[], kind: 'r' | 'c') => packedFiles.map((file) => {
    const name = createHash('sha256').update(file.contents).digest('hex').slice(0, CONTENT_NAME_LENGTH);
    add(kind, name, file);
    return name;
  });
  const restNames = named(restFiles, 'r');
  const chunkNames = named(chunkFiles, 'c');
  let chunkStart = 0;
  const entry = {
    v: 3,
    base: baseIri,
    // A query is answered by the last shard whose boundary is not after it (see findShard in the client).
    shards: boundaries,
    rest: restFiles.map(({ group }, at) => [group[0].prefix, restNames[at]]),
    chunks: chunkFiles.map(({ group }, at) => {
      const start = chunkStart;
      chunkStart += group.length;
      return [start, chunkNames[at]];
    }),
  };
  const entryFile = { path: `${SEARCH_FOLDER}/${INDEX_FILE}`, contents: emitJson(entry) };
  files.push(entryFile);
  count(stats, entryFile.path, measured(entryFile.contents, budgets.fileGzip));
  return { files, stats, entities };
}

// Hex digits of a rest or chunk file's content hash in its name: 64 bits, so two contents never share one.
const CONTENT_NAME_LENGTH = 16;

function measured(contents: string, budget: number): Pick<PackedFile<unknown>, 'contents' | 'gzipAtMost' | 'oversized'> {
  const gzipAtMost = gzipSize(contents, 1);
  return { contents, gzipAtMost, oversized: gzipAtMost > budget && gzipSize(contents) > budget };
}


function countReferences(lists: RestLists): number {
  return lists.c.length + lists.p.length + (lists.i ? lists.i.c.length + lists.i.p.length : 0);
}

function nodeSize(built: BuiltNode, sizes: number[]): number {
  const bytes = (entities: number[]) => entities.reduce((total, entity) => total + sizes[entity] + REFERENCE_BYTES, 0);
  if ('leaf' in built.node) return bytes(built.node.leaf);
  const lists = [built.node.ranked, ...(built.node.inner ? [built.node.inner] : [])];
  return lists.reduce((total, list) => total + bytes([...list.class.slice(0, DEFAULT_LIMIT), ...list.property.slice(0, DEFAULT_LIMIT)]), 0);
}

function count(stats: SearchIndexStats, path: string, file: Pick<PackedFile<unknown>, 'contents' | 'gzipAtMost' | 'oversized'>): void {
  stats.files += 1;
  stats.bytes += Buffer.byteLength(file.contents);
  stats.gzipBytesAtMost += file.gzipAtMost;
  if (file.oversized) stats.oversized.push(`${path} (${gzipSize(file.contents)} bytes gzipped)`);
}
