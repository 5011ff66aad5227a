import { gzipSync } from 'node:zlib';
import { emitJson } from '../emit/json.ts';
import { fnv1a } from '../text/fnv1a.js';
import { contentHash } from '../text/content-hash.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, codePointLength } from './core/search-core.js';
import type { LeafNode, RankedNode, RestLists } from './core/search-core.js';
import type { BuiltNode, RankedLists } from './expand-nodes.ts';

/** Each file a query fetches stays under this many gzipped bytes. */
export const FILE_BUDGET_GZIP = 16 * 1024;

/** Gzipped size at zlib's default level (the one hosts typically serve) unless another is asked for. */
export function gzipSize(contents: string | Uint8Array, level?: number): number {
  return gzipSync(contents, level === undefined ? {} : { level }).length;
}

export interface PackedFile<T> {
  group: T[];
  /** The item the following file begins with. */
  next: T | undefined;
  /** Undefined when the previous build wrote the same file (see Packing.reuse), or once the file is handed over. */
  contents: string | undefined;
  /** The contents as UTF-8, as they were measured (undefined with them). */
  encoded: Uint8Array | undefined;
  bytes: number;
  /** Gzipped at zlib's fastest level, which is never smaller than what hosts send. */
  gzipAtMost: number;
  /** Over the budget even when measured at the default level (only a single item too big can be). */
  oversized: boolean;
}

/** The files one filled group became (more than one when halved), as the next build reuses them. */
export interface PackRun {
  first: string;
  next: string | null;
  /** `name`: the file's name in that build, set once the files are named. */
  files: { length: number; bytes: number; gzipAtMost: number; oversized: boolean; name?: string }[];
}

/** Numbers entities within one file, so entities shared by several nodes are stored once. */
class EntityTable {
  readonly entries: string[] = [];
  readonly #positions = new Map<number, number>();
  readonly #json: (entity: number) => string;

  /** `json`: each entity's packed form as escaped JSON text, serialised once per build rather than once per file. */
  constructor(json: (entity: number) => string) {
    this.#json = json;
  }

  add(entity: number): number {
    let position = this.#positions.get(entity);
    if (position === undefined) {
      position = this.entries.push(this.#json(entity)) - 1;
      this.#positions.set(entity, position);
    }
    return position;
  }
}

/** A file's list of entities, `"e":[…]`, from their escaped JSON texts: the bytes emitJson gives for the same list. */
export function entityList(json: readonly string[]): string {
  return `"e":[${json.join(',')}]`;
}

/** Gzip measurements an earlier build made, by the file's content hash (as the manifest has it). */
export type KnownSizes = ReadonlyMap<string, { gzipAtMost: number; oversized: boolean }>;

export interface MeasuredFile {
  contents: string;
  /** Encoded once, for zlib and for whoever writes the file. */
  encoded: Uint8Array;
  bytes: number;
  gzipAtMost: number;
  oversized: boolean;
}

/** A rendered file's sizes against the gzip budget; `known`: a file rendered again with the same bytes is not compressed again. */
export function measure(contents: string, budget: number, known?: KnownSizes): MeasuredFile {
  const encoded = Buffer.from(contents);
  const measured = known?.get(contentHash(encoded));
  if (measured) return { contents, encoded, bytes: encoded.length, ...measured };
  // The fast level settles almost every file; only those it puts over the budget are measured exactly.
  const gzipAtMost = gzipSize(encoded, 1);
  return { contents, encoded, bytes: encoded.length, gzipAtMost, oversized: gzipAtMost > budget && gzipSize(encoded) > budget };
}

export interface PackBudgets {
  fileRaw: number;
  fileGzip: number;
}

/** Called as each file is finished, in order, with its number and its entry in the run that holds it. */
export type FileDone<T> = (file: PackedFile<T>, number: number, entry: PackRun['files'][number]) => void;

/** How a list of items is cut into files. */
export interface Packing<T> {
  /** Raw bytes an item adds to a file, roughly. */
  estimate(item: T): number;
  /** What identifies the item across builds. */
  key(item: T): string;
  /** `next`: the item the following file begins with, if any. */
  render(group: T[], next: T | undefined): string;
  /** One key in this many, by its hash, may begin a file (see packFiles). */
  anchorSpacing: number;
  /** The previous build's run for a filled group whose files would come out the same, if there is one. */
  reuse?(group: T[], next: T | undefined): PackRun | undefined;
}

/**
 * Splits items into consecutive files: each group is filled while its estimated size allows, then
 * rendered and halved until the gzipped file fits the budget (a single item is never split). Once a file
 * holds MIN_FILL of the raw budget it also ends before an item whose key is an anchor, so a boundary
 * depends on the items near it, not on everything before: an edit moves only the boundaries of files it touches.
 */
export function packFiles<T>(
  items: readonly T[],
  packing: Packing<T>,
  budgets: PackBudgets,
  onFile?: FileDone<T>,
  known?: KnownSizes,
): { files: PackedFile<T>[]; runs: PackRun[] } {
  const files: PackedFile<T>[] = [];
  const runs: PackRun[] = [];
  const emit = (group: T[], next: T | undefined): void => {
    const file = measure(packing.render(group, next), budgets.fileGzip, known);
    if (group.length > 1 && file.oversized) {
      const half = Math.ceil(group.length / 2);
      emit(group.slice(0, half), group[half]);
      emit(group.slice(half), next);
    } else {
      // The bytes serve a receiver of each file as it is finished; files gathered whole keep their text alone.
      files.push({ ...file, encoded: onFile ? file.encoded : undefined, group, next });
    }
  };
  const fill = (group: T[], next: T | undefined): void => {
    const first = files.length;
    const reused = packing.reuse?.(group, next);
    if (reused) {
      let at = 0;
      for (const file of reused.files) {
        at += file.length;
        files.push({ ...file, group: group.slice(at - file.length, at), next: at < group.length ? group[at] : next, contents: undefined, encoded: undefined });
      }
    } else {
      emit(group, next);
    }
    // A kept run keeps its files' names; new files are named later.
    const made = reused
      ? reused.files.map((file) => ({ ...file }))
      : files.slice(first).map(({ group: part, bytes, gzipAtMost, oversized }) => ({ length: part.length, bytes, gzipAtMost, oversized }));
    runs.push({ first: packing.key(group[0]), next: next === undefined ? null : packing.key(next), files: made });
    made.forEach((entry, at) => onFile?.(files[first + at], first + at, entry));
  };
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const size = packing.estimate(item);
    const full = used + size > budgets.fileRaw || (used >= budgets.fileRaw * MIN_FILL && isAnchor(packing.key(item), packing.anchorSpacing));
    if (current.length > 0 && full) {
      fill(current, item);
      current = [];
      used = 0;
    }
    current.push(item);
    used += size;
  }
  if (current.length > 0) fill(current, undefined);
  return { files, runs };
}

// Measured on FOLIO-shaped input: ~3 % more files than filling to the brim, and one edit rewrites ~15 of ~2,800.
const MIN_FILL = 0.75;

/** A hash of the key alone, so the same keys are anchors in every build. */
function isAnchor(key: string, spacing: number): boolean {
  return fnv1a(key) % spacing === 0;
}

/** Where a shard that begins with this node begins: the shortest query the node answers. */
export function shardBoundary(first: BuiltNode): string {
  return [...first.prefix].slice(0, first.from).join('');
}

/** A shard: its nodes keyed by prefix, over one table of the entities they show, and the boundaries of it and the next. */
export function renderShard(
  group: readonly BuiltNode[],
  next: BuiltNode | undefined,
  entityJson: (entity: number) => string,
  hasRest: ReadonlySet<string>,
): string {
  const table = new EntityTable(entityJson);
  const nodes: Record<string, LeafNode | RankedNode> = {};
  for (const built of group) {
    const from = built.from < codePointLength(built.prefix) ? { f: built.from } : {};
    if ('leaf' in built.node) {
      nodes[built.prefix] = { l: built.node.leaf.map((entity) => table.add(entity)), ...from };
      continue;
    }
    const node = { ...firstResults(built.node.ranked, table), ...from };
    if (built.node.inner) node.i = firstResults(built.node.inner, table);
    if (hasRest.has(built.prefix)) node.r = 1;
    nodes[built.prefix] = node;
  }
  // Written out as emitJson({ e, n, b }) would be.
  return `{${entityList(table.entries)},"n":${emitJson(nodes)},"b":${emitJson([shardBoundary(group[0]), next ? shardBoundary(next) : null])}}`;
}

function firstResults(lists: RankedLists, table: EntityTable): RankedNode {
  return {
    t: [lists.class.length, lists.property.length],
    c: lists.class.slice(0, DEFAULT_LIMIT).map((entity) => table.add(entity)),
    p: lists.property.slice(0, DEFAULT_LIMIT).map((entity) => table.add(entity)),
  };
}

/** A ranked node's lists, its own and its inner ones, each of which a rest file lists past the first page of: none for a leaf. */
function rankedLists(built: BuiltNode): readonly (readonly number[])[] {
  if ('leaf' in built.node) return [];
  const { ranked, inner } = built.node;
  return inner ? [ranked.class, ranked.property, inner.class, inner.property] : [ranked.class, ranked.property];
}

/** Whether restLists gives the node any (read off the lists' lengths: most updates keep every rest file). */
export function hasRestLists(built: BuiltNode): boolean {
  if ('leaf' in built.node) return false;
  const { ranked, inner } = built.node;
  const past = (lists: RankedLists) => lists.class.length > DEFAULT_LIMIT || lists.property.length > DEFAULT_LIMIT;
  return past(ranked) || (inner !== undefined && past(inner));
}

/** How many numbers restLists would list for the node. */
export function restListLength(built: BuiltNode): number {
  return rankedLists(built).reduce((total, list) => total + Math.max(0, Math.min(list.length, MAX_LIMIT) - DEFAULT_LIMIT), 0);
}

/** Whether restLists would list an entity `moved` marks (1): its number is not the one the previous build gave it. */
export function restListsMoved(built: BuiltNode, moved: Uint8Array): boolean {
  return rankedLists(built).some((list) => {
    for (let at = DEFAULT_LIMIT; at < Math.min(list.length, MAX_LIMIT); at += 1) if (moved[list[at]] === 1) return true;
    return false;
  });
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
