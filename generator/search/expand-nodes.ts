import { codePointLength, compareCodePoints } from './core/search-core.js';
import { RankTable } from './rank-table.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';
import type { SearchEntity } from './core/search-core.js';
import { rerankLists } from './rerank-lists.ts';
import type { RankedLists, SearchLabel, Suffix } from './search-label.ts';

export type { RankedLists, SearchLabel, Suffix } from './search-label.ts';

/** One entry of the index directory. Entities are referred to by their global number. */
export interface BuiltNode {
  prefix: string;
  /**
   * The shortest query length, in code points, the node answers for. Below `prefix` lies a chain without branches,
   * where every query matches the same labels, so one node serves the whole chain.
   */
  from: number;
  node: { leaf: number[] } | { ranked: RankedLists; inner?: RankedLists };
}

/**
 * Walks the word-start suffixes of every normalised label as a trie, partitioning them by their next
 * character. A prefix whose entities fit in `leafBudget` bytes becomes a leaf (the client ranks them itself);
 * a busier one is ranked in advance and split by its next character.
 */
export function expandNodes(
  entities: readonly SearchEntity[],
  labels: readonly SearchLabel[][],
  sizes: number[],
  leafBudget: number,
  reuse?: NodeReuse,
): { nodes: BuiltNode[]; reused: Set<BuiltNode> } {
  // Updating, only suffixes under a first character the edit reaches are walked; the others' nodes are kept.
  const reachedFirsts = reuse && new Set(reuse.firstCharacters);
  const suffixes = wordStartSuffixes(labels, reachedFirsts);
  const nodes: BuiltNode[] = [];
  const reused = new Set<BuiltNode>();
  const distinct = new DistinctEntities(entities.length);
  // Built on first use: an update re-ranks most nodes from their previous lists instead.
  let table: RankTable | undefined;
  const rank = (items: readonly Suffix[], query: string): RankedLists => {
    table ??= new RankTable(entities, labels);
    return table.rank(items, query);
  };

  /** `items`: the suffixes that start with `prefix`, in no particular order. */
  const expand = (prefix: string, items: readonly Suffix[], from: number): void => {
    // Where no edit reaches, the same suffixes give the same nodes as last time.
    const subtree = reuse && !reuse.reaches(prefix) ? previousSubtree(reuse.nodes, prefix, from) : undefined;
    if (subtree) {
      for (const built of subtree) reused.add(built);
      nodes.push(...subtree);
      return;
    }
    if (items.length === 0) throw new Error(`internal error: the search index kept no nodes for "${prefix}"`);
    const members = distinct.of(items);
    if (fitsLeaf(members, sizes, leafBudget)) {
      nodes.push({ prefix, from, node: { leaf: members } });
      return;
    }
    const next = nextCharacters(items, prefix);
    if (next.ends === 0 && next.groups.length === 1) {
      // A chain without branches: the same suffixes down to where they end or branch, reached in one step.
      expand(commonPrefix(items), items, from);
      return;
    }
    // Updating, a node that ranked the same query last time is ranked again from its previous lists.
    const previous = reuse && previousNode(reuse.nodes, prefix, from);
    const rankedBefore = previous && 'ranked' in previous.node ? previous.node : undefined;
    const rerank = (lists: RankedLists | undefined, query: string) =>
      (reuse && lists && rerankLists(lists, members, query, { entities, labels, changed: reuse.changedNumbers })) || rank(items, query);
    const ranked = rerank(rankedBefore?.ranked, prefix);
    // A previous node without inner lists ranked its chain's shorter queries the same as its prefix.
    const inner = from < codePointLength(prefix) ? rerank(rankedBefore?.inner ?? rankedBefore?.ranked, [...prefix].slice(0, from).join('')) : undefined;
    nodes.push({ prefix, from, node: inner && !sameLists(inner, ranked) ? { ranked, inner } : { ranked } });
    for (const group of next.groups) expand(group.prefix, group.items, codePointLength(group.prefix));
  };

  const top = nextCharacters(suffixes, '').groups;
  if (reuse && reachedFirsts) {
    // The first characters no edit reaches have the same suffixes as before, so their nodes are the previous ones.
    const kept = new Set(reuse.nodes.map((built) => firstCharacter(built.prefix)).filter((first) => !reachedFirsts.has(first)));
    top.push(...[...kept].map((prefix) => ({ prefix, items: [] })));
    top.sort((a, b) => compareCodePoints(a.prefix, b.prefix));
  }
  for (const group of top) expand(group.prefix, group.items, codePointLength(group.prefix));
  return { nodes, reused };
}

/** Whether a node's entities make a leaf: all within the budget, or one entity however large (splitting its suffixes further could never make it smaller). */
export function fitsLeaf(members: readonly number[], sizes: readonly number[], budget: number): boolean {
  return members.length === 1 || members.reduce((total, entity) => total + sizes[entity], 0) <= budget;
}

/** The previous build's nodes and which prefixes an edit reaches (see planIndexReuse). */
export interface NodeReuse {
  nodes: readonly BuiltNode[];
  reaches(prefix: string): boolean;
  /** The first characters of the label words an edit reaches: only suffixes starting with these are walked. */
  firstCharacters: readonly string[];
  /** This build's numbers of the entities added or changed since the previous build. */
  changedNumbers: ReadonlySet<number>;
}

/** Where the previous nodes at or after a prefix begin (they are in index order). */
function firstAtOrAfter(previous: readonly BuiltNode[], prefix: string): number {
  return firstNotBefore(previous.length, (index) => compareCodePoints(previous[index].prefix, prefix) < 0);
}

/** The previous node for exactly this prefix, if it was reached from the same chain start. */
function previousNode(previous: readonly BuiltNode[], prefix: string, from: number): BuiltNode | undefined {
  const found = previous[firstAtOrAfter(previous, prefix)];
  return found?.prefix === prefix && found.from === from ? found : undefined;
}

/** The previous nodes below a prefix, if it was expanded from the same chain start. */
function previousSubtree(previous: readonly BuiltNode[], prefix: string, from: number): BuiltNode[] | undefined {
  const low = firstAtOrAfter(previous, prefix);
  if (previous[low]?.prefix.startsWith(prefix) !== true || previous[low].from !== from) return undefined;
  let end = low;
  while (end < previous.length && previous[end].prefix.startsWith(prefix)) end += 1;
  return previous.slice(low, end);
}

/** Where a label can be found from: where it and each later word start. */
export function wordStarts(normalized: string): number[] {
  const starts: number[] = [];
  for (let at = 0; at !== -1 && at < normalized.length; at = nextWordStart(normalized, at)) starts.push(at);
  return starts;
}

/** The label and its tail after each space. */
export function wordSuffixes(normalized: string): string[] {
  return wordStarts(normalized).map((at) => normalized.slice(at));
}

// Measured on FOLIO-shaped labels: searching each label is faster for one or two first characters.
const SEARCHED_FIRSTS = 2;

/** Every word-start suffix of each entity's labels; with `firsts`, only those starting with one of them. */
function wordStartSuffixes(labels: readonly SearchLabel[][], firsts: ReadonlySet<string> | undefined): Suffix[] {
  const suffixes: Suffix[] = [];
  const firstCodes = firsts && new Set([...firsts].map((first) => first.codePointAt(0) ?? 0));
  // Every word of every label is walked for a whole index, and when updating past a few first characters: a
  // search per reached first character costs a pass over every label each (an entity with labels in nine
  // languages reaches fifteen first characters or more).
  if (firsts === undefined || firstCodes === undefined || firsts.size > SEARCHED_FIRSTS) {
    labels.forEach((list, entity) => {
      list.forEach(({ normalized }, label) => {
        for (const offset of wordStarts(normalized)) {
          if (firstCodes === undefined || firstCodes.has(normalized.codePointAt(offset) ?? 0)) suffixes.push({ source: normalized, offset, entity, label });
        }
      });
    });
    return suffixes;
  }
  // Updating, most suffixes start with a character no edit reaches: the labels are searched for a space before
  // one that does (native searches, no string made for the words passed over), in offset order as above.
  const afterSpace = [...firsts].map((first) => ` ${first}`);
  const offsets: number[] = [];
  labels.forEach((list, entity) => {
    list.forEach(({ normalized }, label) => {
      if (normalized.length === 0) return;
      offsets.length = 0;
      if (firstCodes.has(normalized.codePointAt(0) ?? 0)) offsets.push(0);
      for (const needle of afterSpace) for (let at = normalized.indexOf(needle); at !== -1; at = normalized.indexOf(needle, at + 1)) offsets.push(at + 1);
      if (afterSpace.length > 1) offsets.sort((a, b) => a - b);
      for (const offset of offsets) suffixes.push({ source: normalized, offset, entity, label });
    });
  });
  return suffixes;
}

/** The whole character (code point) at `at`. */
export function firstCharacter(text: string, at = 0): string {
  return String.fromCodePoint(text.codePointAt(at) ?? 0);
}

function nextWordStart(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  return space === -1 ? -1 : space + 1;
}

/** The entities of some suffixes, each once, in number order: marked off in one array kept from call to call. */
class DistinctEntities {
  readonly #seen: Int32Array;
  #call = 0;

  constructor(count: number) {
    this.#seen = new Int32Array(count);
  }

  of(items: readonly Suffix[]): number[] {
    this.#call += 1;
    const members = new Int32Array(items.length);
    let count = 0;
    for (const { entity } of items) {
      if (this.#seen[entity] === this.#call) continue;
      this.#seen[entity] = this.#call;
      members[count++] = entity;
    }
    return Array.from(members.subarray(0, count).sort());
  }
}

/** Suffixes that start with `prefix`, grouped by the character after it (groups in code point order), and how many end there. */
function nextCharacters(items: readonly Suffix[], prefix: string) {
  let ends = 0;
  const byCharacter = new Map<number, Suffix[]>();
  for (const item of items) {
    if (item.source.length - item.offset === prefix.length) {
      ends += 1;
      continue;
    }
    const code = item.source.codePointAt(item.offset + prefix.length) ?? 0;
    const group = byCharacter.get(code);
    if (group) group.push(item);
    else byCharacter.set(code, [item]);
  }
  // One prefix plus one character each: code point order is the characters' numeric order.
  const codes = [...byCharacter.keys()].sort((a, b) => a - b);
  return { ends, groups: codes.map((code) => ({ prefix: prefix + String.fromCodePoint(code), items: byCharacter.get(code) as readonly Suffix[] })) };
}

/** The longest prefix all the suffixes share, in whole code points. */
function commonPrefix(items: readonly Suffix[]): string {
  const { source: first, offset: start } = items[0];
  let length = first.length - start;
  for (const { source, offset } of items) {
    let at = 0;
    while (at < length && offset + at < source.length && first.charCodeAt(start + at) === source.charCodeAt(offset + at)) at += 1;
    length = at;
  }
  const someEndsThere = items.some(({ source, offset }) => source.length - offset === length);
  const last = first.charCodeAt(start + length - 1);
  // Never half a surrogate pair (a suffix that ends there is whole, whatever its last unit).
  if (!someEndsThere && last >= 0xd800 && last < 0xdc00) length -= 1;
  return first.slice(start, start + length);
}

function sameLists(a: RankedLists, b: RankedLists): boolean {
  const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((value, at) => value === y[at]);
  return same(a.class, b.class) && same(a.property, b.property);
}
