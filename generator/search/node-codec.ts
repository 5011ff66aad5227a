import type { BuiltNode, RankedLists } from './expand-nodes.ts';

/**
 * The index's nodes as the build cache keeps them: prefixes, and every node's numbers in one typed array,
 * which serialises as raw bytes (as plain arrays of numbers, the nodes took ten times longer to read back).
 */
export interface EncodedNodes {
  prefixes: string[];
  /** Per node: `from`, and how many lists follow (1: a leaf; 2: ranked; 4: ranked and inner). */
  shapes: Int32Array;
  /** Each list as its length, then its entity numbers. */
  lists: Int32Array;
}

const LEAF = 1;
const RANKED = 2;
const RANKED_AND_INNER = 4;

function listsOf(built: BuiltNode): number[][] {
  if ('leaf' in built.node) return [built.node.leaf];
  const { ranked, inner } = built.node;
  return inner ? [ranked.class, ranked.property, inner.class, inner.property] : [ranked.class, ranked.property];
}

export function encodeNodes(nodes: readonly BuiltNode[]): EncodedNodes {
  const shapes = new Int32Array(nodes.length * 2);
  let size = 0;
  nodes.forEach((built, index) => {
    const lists = listsOf(built);
    shapes[index * 2] = built.from;
    shapes[index * 2 + 1] = lists.length;
    for (const list of lists) size += list.length + 1;
  });
  const lists = new Int32Array(size);
  let at = 0;
  for (const built of nodes) {
    for (const list of listsOf(built)) {
      lists[at] = list.length;
      lists.set(list, at + 1);
      at += list.length + 1;
    }
  }
  return { prefixes: nodes.map((built) => built.prefix), shapes, lists };
}

/** The nodes back, each entity number passed through `renumber` (for another build's numbering). */
export function decodeNodes({ prefixes, shapes, lists }: EncodedNodes, renumber: (number: number) => number = (number) => number): BuiltNode[] {
  let at = 0;
  const list = (): number[] => {
    const length = lists[at];
    const numbers = new Array<number>(length);
    for (let index = 0; index < length; index += 1) numbers[index] = renumber(lists[at + 1 + index]);
    at += length + 1;
    return numbers;
  };
  const ranked = (): RankedLists => ({ class: list(), property: list() });
  return prefixes.map((prefix, index): BuiltNode => {
    const from = shapes[index * 2];
    switch (shapes[index * 2 + 1]) {
      case LEAF:
        return { prefix, from, node: { leaf: list() } };
      case RANKED:
        return { prefix, from, node: { ranked: ranked() } };
      case RANKED_AND_INNER:
        return { prefix, from, node: { ranked: ranked(), inner: ranked() } };
      default:
        throw new Error(`internal error: a cached search node of unknown shape for "${prefix}"`);
    }
  });
}
