import { codePointLength, compareCodePoints, rankEntities } from './client/search-client.js';
import type { SearchEntity } from './client/search-client.js';

export interface RankedLists {
  class: number[];
  property: number[];
}

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

export interface SearchLabel {
  original: string;
  normalized: string;
  primary: boolean;
}

interface Suffix {
  text: string;
  entity: number;
}

/**
 * Walks the sorted word-start suffixes of every normalised label as a trie. A prefix whose entities fit
 * in `leafBudget` bytes becomes a leaf (the client ranks them itself); a busier one is ranked in advance
 * and split by its next character.
 */
export function expandNodes(entities: readonly SearchEntity[], labels: readonly SearchLabel[][], sizes: number[], leafBudget: number, reuse?: NodeReuse): { nodes: BuiltNode[]; reused: Set<BuiltNode> } {
  const numbers = new Map(entities.map((entity, index) => [entity, index]));
  const labelsOf = (entity: SearchEntity) => labels[numbers.get(entity) ?? 0];
  // Updating, only suffixes under a first character the edit reaches are walked; the others' nodes are kept.
  const walked = reuse ? (text: string) => reuse.reaches(String.fromCodePoint(text.codePointAt(0) ?? 0)) : () => true;
  const suffixes = sortedSuffixes(labels.map((list) => list.map((label) => label.normalized)), walked);
  const nodes: BuiltNode[] = [];
  const reused = new Set<BuiltNode>();
  const rank = (members: number[], query: string): RankedLists => {
    const ranked = rankEntities(members.map((entity) => entities[entity]), query, labelsOf);
    return { class: ranked.class.map((m) => numbers.get(m.entity) ?? 0), property: ranked.property.map((m) => numbers.get(m.entity) ?? 0) };
  };

  const expand = (prefix: string, low: number, high: number, from: number): void => {
    // Where no edit reaches, the same suffixes give the same nodes as last time.
    const previous = reuse && !reuse.reaches(prefix) ? previousSubtree(reuse.nodes, prefix, from) : undefined;
    if (previous) {
      for (const built of previous) reused.add(built);
      nodes.push(...previous);
      return;
    }
    if (low === high) throw new Error(`internal error: the search index kept no nodes for "${prefix}"`);
    const members = distinctEntities(suffixes, low, high);
    // One entity is a leaf however large: splitting its suffixes further could never make it smaller.
    if (members.length === 1 || members.reduce((total, entity) => total + sizes[entity], 0) <= leafBudget) {
      nodes.push({ prefix, from, node: { leaf: members } });
      return;
    }
    const next = nextCharacters(suffixes, prefix, low, high);
    if (next.ends === 0 && next.groups.length === 1) {
      // A chain without branches: the same suffixes down to where they end or branch, reached in one step.
      expand(commonPrefix(suffixes[low].text, suffixes[high - 1].text), low, high, from);
      return;
    }
    const ranked = rank(members, prefix);
    const inner = from < codePointLength(prefix) ? rank(members, [...prefix].slice(0, from).join('')) : undefined;
    nodes.push({ prefix, from, node: inner && !sameLists(inner, ranked) ? { ranked, inner } : { ranked } });
    for (const group of next.groups) expand(group.prefix, group.low, group.high, codePointLength(group.prefix));
  };

  const top = nextCharacters(suffixes, '', 0, suffixes.length).groups;
  if (reuse) {
    // The first characters no edit reaches have the same suffixes as before, so their nodes are the previous ones.
    const kept = [...new Set(reuse.nodes.map((built) => String.fromCodePoint(built.prefix.codePointAt(0) ?? 0)))].filter((first) => !reuse.reaches(first));
    top.push(...kept.map((prefix) => ({ prefix, low: 0, high: 0 })));
    top.sort((a, b) => compareCodePoints(a.prefix, b.prefix));
  }
  for (const group of top) expand(group.prefix, group.low, group.high, codePointLength(group.prefix));
  return { nodes, reused };
}

/** The previous build's nodes and which prefixes an edit reaches (see planIndexReuse). */
export interface NodeReuse {
  nodes: readonly BuiltNode[];
  reaches(prefix: string): boolean;
}

/** The previous nodes below a prefix, if it was expanded from the same chain start. */
function previousSubtree(previous: readonly BuiltNode[], prefix: string, from: number): BuiltNode[] | undefined {
  let low = 0;
  let high = previous.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareCodePoints(previous[middle].prefix, prefix) < 0) low = middle + 1;
    else high = middle;
  }
  if (previous[low]?.prefix.startsWith(prefix) !== true || previous[low].from !== from) return undefined;
  let end = low;
  while (end < previous.length && previous[end].prefix.startsWith(prefix)) end += 1;
  return previous.slice(low, end);
}

/** Where a label can be found from: the label and its tail after each space. */
export function wordSuffixes(normalized: string): string[] {
  const suffixes: string[] = [];
  for (let at = 0; at !== -1 && at < normalized.length; at = nextWordStart(normalized, at)) suffixes.push(normalized.slice(at));
  return suffixes;
}

function sortedSuffixes(normalizedLabels: string[][], walked: (text: string) => boolean): Suffix[] {
  const suffixes: Suffix[] = [];
  normalizedLabels.forEach((list, entity) => {
    const seen = new Set<string>();
    for (const normalized of list) {
      for (const text of wordSuffixes(normalized)) {
        if (!seen.has(text) && walked(text)) suffixes.push({ text, entity });
        seen.add(text);
      }
    }
  });
  // Without surrogates, UTF-16 order is code point order, and the engine's own comparison is several times faster.
  const compare = normalizedLabels.some((list) => list.some((label) => SURROGATE.test(label))) ? compareCodePoints : compareUnits;
  return suffixes.sort((a, b) => compare(a.text, b.text) || a.entity - b.entity);
}

const SURROGATE = /[\ud800-\udfff]/;

function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function nextWordStart(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  return space === -1 ? -1 : space + 1;
}

function distinctEntities(suffixes: Suffix[], low: number, high: number): number[] {
  const members = new Set<number>();
  for (let at = low; at < high; at += 1) members.add(suffixes[at].entity);
  return [...members].sort((a, b) => a - b);
}

/** The sub-ranges of a prefix's range by next character, and how many suffixes end at the prefix. */
function nextCharacters(suffixes: Suffix[], prefix: string, low: number, high: number) {
  let at = low;
  while (at < high && suffixes[at].text.length === prefix.length) at += 1;
  const ends = at - low;
  const groups: { prefix: string; low: number; high: number }[] = [];
  while (at < high) {
    const child = prefix + String.fromCodePoint(suffixes[at].text.codePointAt(prefix.length) ?? 0);
    let end = at;
    while (end < high && suffixes[end].text.startsWith(child)) end += 1;
    groups.push({ prefix: child, low: at, high: end });
    at = end;
  }
  return { ends, groups };
}

/** The longest common prefix of two strings, in whole code points. */
function commonPrefix(a: string, b: string): string {
  let length = 0;
  while (length < a.length && a.charCodeAt(length) === b.charCodeAt(length)) length += 1;
  const last = a.charCodeAt(length - 1);
  // Never half a surrogate pair.
  if (length < a.length && last >= 0xd800 && last < 0xdc00) length -= 1;
  return a.slice(0, length);
}

function sameLists(a: RankedLists, b: RankedLists): boolean {
  return a.class.join() === b.class.join() && a.property.join() === b.property.join();
}
