import { codePointLength, compareCodePoints } from './core/search-core.js';
import { RankTable } from './rank-table.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';
import type { SearchEntity } from './core/search-core.js';
import { rerankLists } from './rerank-lists.ts';
import { knownItems, ReachedSuffixes, type Items } from './reached-suffixes.ts';
import { wordStarts, wordStartsOf } from './word-starts.ts';
import type { LabelRows } from './label-rows.ts';
import type { RankedLists, Suffix } from './search-label.ts';
import { codePointPrefix } from '../text/code-point-prefix.ts';

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
  labels: LabelRows,
  sizes: number[],
  leafBudget: number,
  reuse?: NodeReuse,
): { nodes: BuiltNode[]; reused: Set<BuiltNode> } {
  // Updating, only the suffixes under the prefixes an edit reaches are listed; the other nodes are kept. A first
  // character whose previous node was not ranked in advance is listed whole (its node is worked out from them).
  const unranked = (first: string) => !(reuse && 'ranked' in (previousNode(reuse.nodes, first, 1)?.node ?? {}));
  const walked = reuse && [...reuse.twoCharacterPrefixes, ...reuse.firstCharacters.filter(unranked)];
  const reached = reuse && walked && new ReachedSuffixes(labels, walked, holdersOf(walked, reuse, labels.length));
  const nodes: BuiltNode[] = [];
  const reused = new Set<BuiltNode>();
  const distinct = new DistinctEntities(entities.length);
  // Built on first use: an update re-ranks most nodes from their previous lists instead.
  let table: RankTable | undefined;
  const rank = (items: readonly Suffix[], query: string): RankedLists => {
    table ??= new RankTable(entities, labels);
    return table.rank(items, query);
  };
  const rerank = (lists: RankedLists | undefined, members: readonly number[], query: string) =>
    reuse && lists ? rerankLists(lists, members, query, { entities, labels, changed: reuse.changedNumbers }) : undefined;

  /** Updating, a reached node whose suffixes are not listed yet, worked out from its previous lists and children: false where it cannot be. */
  const expandFromPrevious = (prefix: string, from: number): boolean => {
    const previous = reuse && reached && from === codePointLength(prefix) ? previousNode(reuse.nodes, prefix, from) : undefined;
    if (!reuse || !reached || previous === undefined || !('ranked' in previous.node)) return false;
    const members = membersNow(previous.node.ranked, prefix, labels, reuse.changedNumbers);
    if (fitsLeaf(members, sizes, leafBudget)) return false;
    const groups = groupsUnder(prefix, reuse.nodes, members, labels, reuse.changedNumbers)
      .map((group) => ({ group, items: reached.under(group) }))
      .filter(({ items }) => items.known === undefined || items.known.length > 0);
    // One group and no suffix ending here is a chain, which the whole walk finds.
    if (groups.length < 2) return false;
    const ranked = rerank(previous.node.ranked, members, prefix);
    if (ranked === undefined) return false;
    nodes.push({ prefix, from, node: { ranked } });
    for (const { group, items } of groups) expand(group, items, codePointLength(group));
    return true;
  };

  /** `items`: the suffixes that start with `prefix`, in no particular order. */
  const expand = (prefix: string, lazyItems: Items, from: number): void => {
    // Where no edit reaches, the same suffixes give the same nodes as last time.
    const subtree = reuse && !reuse.reaches(prefix) ? previousSubtree(reuse.nodes, prefix, from) : undefined;
    if (subtree) {
      for (const built of subtree) reused.add(built);
      nodes.push(...subtree);
      return;
    }
    if (lazyItems.known === undefined && expandFromPrevious(prefix, from)) return;
    const items = lazyItems.get();
    if (items.length === 0) {
      // An edit took away every word under a prefix it reaches: it has no node now.
      if (reuse?.reaches(prefix)) return;
      throw new Error(`internal error: the search index kept no nodes for "${prefix}"`);
    }
    const members = distinct.of(items);
    if (fitsLeaf(members, sizes, leafBudget)) {
      nodes.push({ prefix, from, node: { leaf: members } });
      return;
    }
    const next = nextCharacters(items, prefix);
    if (next.ends === 0 && next.groups.length === 1) {
      // A chain without branches: the same suffixes down to where they end or branch, reached in one step.
      expand(commonPrefix(items), lazyItems, from);
      return;
    }
    // Updating, a node that ranked the same query last time is ranked again from its previous lists.
    const previous = reuse && previousNode(reuse.nodes, prefix, from);
    const rankedBefore = previous && 'ranked' in previous.node ? previous.node : undefined;
    const ranked = rerank(rankedBefore?.ranked, members, prefix) ?? rank(items, prefix);
    // A previous node without inner lists ranked its chain's shorter queries the same as its prefix.
    const shorter = [...prefix].slice(0, from).join('');
    const inner = from < codePointLength(prefix) ? (rerank(rankedBefore?.inner ?? rankedBefore?.ranked, members, shorter) ?? rank(items, shorter)) : undefined;
    nodes.push({ prefix, from, node: inner && !sameLists(inner, ranked) ? { ranked, inner } : { ranked } });
    for (const group of next.groups) expand(group.prefix, knownItems(group.items), codePointLength(group.prefix));
  };

  if (reuse && reached) {
    // The first characters no edit reaches have the same suffixes as before, so their nodes are the previous ones.
    const firsts = new Set([...reuse.nodes.map((built) => firstCharacter(built.prefix)), ...reuse.firstCharacters]);
    for (const first of [...firsts].sort(compareCodePoints)) expand(first, reached.under(first), 1);
  } else {
    for (const group of nextCharacters(allSuffixes(labels), '').groups) expand(group.prefix, knownItems(group.items), codePointLength(group.prefix));
  }
  return { nodes, reused };
}

/** A node's members now: the previous ones the edit left alone, and the changed entities with a word starting with the prefix, in number order. */
function membersNow(previous: RankedLists, prefix: string, labels: LabelRows, changed: ReadonlySet<number>): number[] {
  const kept = [...previous.class, ...previous.property].filter((number) => number >= 0 && !changed.has(number));
  const fresh = [...changed].filter((number) => labels.at(number).some(({ normalized }) => wordStartsOf(normalized, prefix).length > 0));
  return [...kept, ...fresh].sort((a, b) => a - b);
}

/**
 * The prefixes one character longer than `prefix` that some suffix starts with: those the previous nodes had
 * (a node reached from one of them starts with it), and those of the changed entities' words, in code point order.
 */
function groupsUnder(prefix: string, previous: readonly BuiltNode[], members: readonly number[], labels: LabelRows, changed: ReadonlySet<number>): string[] {
  const length = codePointLength(prefix) + 1;
  const groups = new Set<string>();
  for (let at = firstAtOrAfter(previous, prefix); at < previous.length && previous[at].prefix.startsWith(prefix); at += 1) {
    if (previous[at].from === length) groups.add(codePointPrefix(previous[at].prefix, length));
  }
  for (const number of members) {
    if (!changed.has(number)) continue;
    for (const { normalized } of labels.at(number)) {
      for (const offset of wordStarts(normalized)) {
        if (normalized.startsWith(prefix, offset) && normalized.length > offset + prefix.length) groups.add(codePointPrefix(normalized.slice(offset), length));
      }
    }
  }
  return [...groups].sort(compareCodePoints);
}

/**
 * In number order, the entities that may have a word starting with one of the prefixes: those the previous nodes at
 * or under each prefix list, and the changed ones. The previous nodes cover every suffix an unchanged entity has,
 * so no other entity has one there. (A two-character prefix under a previous leaf has its first character among the
 * prefixes too, and that leaf lists its entities.)
 */
export function holdersOf(prefixes: readonly string[], reuse: Pick<NodeReuse, 'nodes' | 'changedNumbers'>, count: number): number[] {
  const marked = new Uint8Array(count);
  const mark = (numbers: Iterable<number>) => {
    for (const number of numbers) if (number >= 0) marked[number] = 1;
  };
  const { nodes } = reuse;
  for (const prefix of prefixes) {
    const length = codePointLength(prefix);
    for (let at = firstAtOrAfter(nodes, prefix); at < nodes.length && nodes[at].prefix.startsWith(prefix); at += 1) {
      if (nodes[at].from <= length) mark(membersOf(nodes[at]));
    }
  }
  mark(reuse.changedNumbers);
  const holders: number[] = [];
  marked.forEach((flag, number) => {
    if (flag === 1) holders.push(number);
  });
  return holders;
}

/** Every entity a node lists. */
export function membersOf(built: BuiltNode): readonly number[] {
  if ('leaf' in built.node) return built.node.leaf;
  return [...built.node.ranked.class, ...built.node.ranked.property];
}

/** Whether a node's entities make a leaf: all within the budget, or one entity however large (splitting its suffixes further could never make it smaller). */
export function fitsLeaf(members: readonly number[], sizes: readonly number[], budget: number): boolean {
  return members.length === 1 || members.reduce((total, entity) => total + sizes[entity], 0) <= budget;
}

/** The previous build's nodes and which prefixes an edit reaches (see planIndexReuse). */
export interface NodeReuse {
  nodes: readonly BuiltNode[];
  reaches(prefix: string): boolean;
  /** The first characters of the label words an edit reaches. */
  firstCharacters: readonly string[];
  /** The prefixes of two characters (code points) an edit reaches: the suffixes under them are listed in one pass. */
  twoCharacterPrefixes: readonly string[];
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

/** Every word-start suffix of each entity's labels. */
function allSuffixes(labels: LabelRows): Suffix[] {
  const suffixes: Suffix[] = [];
  for (let entity = 0; entity < labels.length; entity += 1) {
    labels.at(entity).forEach(({ normalized }, label) => {
      for (const offset of wordStarts(normalized)) suffixes.push({ source: normalized, offset, entity, label });
    });
  }
  return suffixes;
}

/** The whole character (code point) at `at`. */
export function firstCharacter(text: string, at = 0): string {
  return String.fromCodePoint(text.codePointAt(at) ?? 0);
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
