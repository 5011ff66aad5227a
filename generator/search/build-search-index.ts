import { createHash } from 'node:crypto';
import type { OutputFile } from '../emit/emit-api.ts';
import { emitJson } from '../emit/json.ts';
import type { OntologyModel } from '../model/build-model.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { DEFAULT_LIMIT, INDEX_FILE, indexFilePath } from './client/search-client.js';
import type { RestLists, SearchEntity } from './client/search-client.js';
import { expandNodes, type BuiltNode } from './expand-nodes.ts';
import { packEntity, searchEntities } from './search-entities.ts';
import { FILE_BUDGET_GZIP, gzipSize, packFiles, renderShard, restLists, type PackedFile } from './shard-files.ts';

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
 * The prefix index: `search/index.json`, the one short-lived entry file, and behind it shard, rest and
 * chunk files in a folder named by the hash of their content, so hosts can cache them forever.
 */
export function buildSearchIndex(model: OntologyModel, budgets: IndexBudgets = DEFAULT_BUDGETS): { files: OutputFile[]; stats: SearchIndexStats; entities: SearchEntity[] } {
  const entities = searchEntities(model);
  const packed = entities.map((entity) => packEntity(model.baseIri, entity));
  const sizes = packed.map((entry) => Buffer.byteLength(JSON.stringify(entry)));
  const nodes = expandNodes(entities, sizes, budgets.leafRaw);

  const withRest = nodes.flatMap((built) => {
    const lists = restLists(built);
    return lists ? [{ prefix: built.prefix, lists }] : [];
  });
  const restFiles = packFiles(withRest, ({ lists }) => REFERENCE_BYTES * countReferences(lists), budgets,
    (group) => emitJson(Object.fromEntries(group.map(({ prefix, lists }) => [prefix, lists]))));
  const restFileOf = new Map(restFiles.flatMap(({ group }, file) => group.map(({ prefix }) => [prefix, file] as const)));

  const shardFiles = packFiles(nodes, (built) => nodeSize(built, sizes), budgets,
    (group) => renderShard(group, packed, (prefix) => restFileOf.get(prefix)));
  const chunkFiles = packFiles(packed.map((_, index) => index), (index) => sizes[index], budgets,
    (group) => emitJson({ e: group.map((index) => packed[index]) }));

  const packedFiles = { s: shardFiles, r: restFiles, c: chunkFiles };
  const hash = createHash('sha256');
  for (const kind of ['s', 'r', 'c'] as const) for (const file of packedFiles[kind]) hash.update(`${kind}\0${file.contents}\0`);
  const folder = hash.digest('hex').slice(0, 16);
  const files: OutputFile[] = [];
  const stats: SearchIndexStats = { files: 0, bytes: 0, gzipBytesAtMost: 0, nodes: nodes.length, oversized: [] };
  for (const kind of ['s', 'r', 'c'] as const) {
    packedFiles[kind].forEach((file, number) => {
      const path = `${SEARCH_FOLDER}/${indexFilePath(folder, kind, number)}`;
      files.push({ path, contents: file.contents });
      count(stats, path, file);
    });
  }
  const chunkStarts: number[] = [];
  chunkFiles.reduce((start, { group }) => (chunkStarts.push(start), start + group.length), 0);
  const entry = {
    v: 2,
    base: model.baseIri,
    folder,
    // A query is answered by the last shard whose boundary is not after it (see findShard in the client).
    shards: shardFiles.map(({ group }) => [...group[0].prefix].slice(0, group[0].from).join('')),
    chunks: chunkStarts,
  };
  const entryFile = { path: `${SEARCH_FOLDER}/${INDEX_FILE}`, contents: emitJson(entry) };
  files.push(entryFile);
  const entryGzip = gzipSize(entryFile.contents);
  count(stats, entryFile.path, { contents: entryFile.contents, gzipAtMost: entryGzip, oversized: entryGzip > budgets.fileGzip });
  return { files, stats, entities };
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
