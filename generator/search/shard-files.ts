import { gzipSync } from 'node:zlib';
import { emitJson } from '../emit/json.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, codePointLength } from './client/search-client.js';
import type { LeafNode, PackedEntity, RankedNode, RestLists } from './client/search-client.js';
import type { BuiltNode, RankedLists } from './expand-nodes.ts';

/** Each file a query fetches stays under this many gzipped bytes. */
export const FILE_BUDGET_GZIP = 16 * 1024;

/** Gzipped size at zlib's default level, the one hosts typically serve. */
export function gzipSize(contents: string): number {
  return gzipSync(contents).length;
}

export interface PackedFile<T> {
  group: T[];
  contents: string;
  /** Gzipped at zlib's fastest level, which is never smaller than what hosts send. */
  gzipAtMost: number;
  /** Over the budget even when measured at the default level (only a single item too big can be). */
  oversized: boolean;
}

/** Numbers entities within one file, so entities shared by several nodes are stored once. */
class EntityTable {
  readonly entries: PackedEntity[] = [];
  readonly #positions = new Map<number, number>();
  readonly #packed: readonly PackedEntity[];

  constructor(packed: readonly PackedEntity[]) {
    this.#packed = packed;
  }

  add(entity: number): number {
    let position = this.#positions.get(entity);
    if (position === undefined) {
      position = this.entries.push(this.#packed[entity]) - 1;
      this.#positions.set(entity, position);
    }
    return position;
  }
}

/**
 * Splits items into consecutive files: each group is filled while its estimated size allows, then
 * rendered and halved until the gzipped file fits the budget (a single item is never split).
 */
export function packFiles<T>(items: readonly T[], estimate: (item: T) => number, budgets: { fileRaw: number; fileGzip: number }, render: (group: T[]) => string): PackedFile<T>[] {
  const files: PackedFile<T>[] = [];
  const emit = (group: T[]): void => {
    const contents = render(group);
    // The fast level settles almost every file; only those it puts over the budget are measured exactly.
    const gzipAtMost = gzipSync(contents, { level: 1 }).length;
    const oversized = gzipAtMost > budgets.fileGzip && gzipSize(contents) > budgets.fileGzip;
    if (group.length > 1 && oversized) {
      const half = Math.ceil(group.length / 2);
      emit(group.slice(0, half));
      emit(group.slice(half));
    } else {
      files.push({ group, contents, gzipAtMost, oversized });
    }
  };
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const size = estimate(item);
    if (current.length > 0 && used + size > budgets.fileRaw) {
      emit(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += size;
  }
  if (current.length > 0) emit(current);
  return files;
}

/** A shard: its nodes keyed by prefix, over one table of the entities they show. */
export function renderShard(group: readonly BuiltNode[], packed: readonly PackedEntity[], restFileOf: (prefix: string) => number | undefined): string {
  const table = new EntityTable(packed);
  const nodes: Record<string, LeafNode | RankedNode> = {};
  for (const built of group) {
    const from = built.from < codePointLength(built.prefix) ? { f: built.from } : {};
    if ('leaf' in built.node) {
      nodes[built.prefix] = { l: built.node.leaf.map((entity) => table.add(entity)), ...from };
      continue;
    }
    const node = { ...firstResults(built.node.ranked, table), ...from };
    if (built.node.inner) node.i = firstResults(built.node.inner, table);
    const rest = restFileOf(built.prefix);
    if (rest !== undefined) node.r = rest;
    nodes[built.prefix] = node;
  }
  return emitJson({ e: table.entries, n: nodes });
}

function firstResults(lists: RankedLists, table: EntityTable): RankedNode {
  return {
    t: [lists.class.length, lists.property.length],
    c: lists.class.slice(0, DEFAULT_LIMIT).map((entity) => table.add(entity)),
    p: lists.property.slice(0, DEFAULT_LIMIT).map((entity) => table.add(entity)),
  };
}

/** Results past the first page of a busy prefix, by global entity number, up to the largest limit. */
export function restLists(built: BuiltNode): RestLists | undefined {
  if ('leaf' in built.node) return undefined;
  const rest = (lists: RankedLists) => ({ c: lists.class.slice(DEFAULT_LIMIT, MAX_LIMIT), p: lists.property.slice(DEFAULT_LIMIT, MAX_LIMIT) });
  const lists: RestLists = rest(built.node.ranked);
  if (built.node.inner) lists.i = rest(built.node.inner);
  const empty = (value: { c: number[]; p: number[] }) => value.c.length === 0 && value.p.length === 0;
  return empty(lists) && (!lists.i || empty(lists.i)) ? undefined : lists;
}
