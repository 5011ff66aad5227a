import { hash } from 'node:crypto';
import type { FoldMemo } from './fold-table.ts';
import { searchLabels } from './client/search-client.js';
import type { SearchEntity } from './client/search-client.js';
import { firstCharacter, wordSuffixes, type BuiltNode } from './expand-nodes.ts';
import type { PackRun } from './shard-files.ts';
import type { PackedJson } from './packed-json.ts';
import { decodeNodes, type EncodedNodes } from './node-codec.ts';
import { splitLabels } from './joined-labels.ts';

/** What a build keeps of its search index, so the next one redoes only what an edit reaches. */
export interface SearchMemo {
  baseIri: string;
  /** The budgets the index was built with, as JSON. */
  budgets: string;
  /** Entities in that build's numbering: IRI, and a hash of the packed form (see packedHash). */
  iris: string[];
  hashes: string[];
  /** Each entity's normalised search labels (see joinLabels), and its packed form's size in bytes. */
  labels: string[];
  sizes: Int32Array;
  /** Each entity's labels' non-ASCII characters (see nonAsciiCharacters), for nginx's fold table. */
  characters: string[];
  /** Each entity's escaped JSON text, so an update shows the entities it did not reach without their records. */
  json: PackedJson;
  /** Nodes in index order, lists in that numbering. */
  nodes: EncodedNodes;
  runs: { s: PackRun[]; r: PackRun[]; c: PackRun[] };
  /** The nginx handler's fold table (added by emitSearch). */
  fold?: FoldMemo;
}

/** The previous index, renumbered for this build, and what the edit reaches. */
export interface IndexReuse {
  memo: SearchMemo;
  /**
   * The previous nodes with this build's entity numbers (-1 for an entity gone: only in nodes the edit reaches);
   * the same prefixes and list lengths as the previous build's.
   */
  nodes: BuiltNode[];
  /** Whether a changed entity has a label word starting with the prefix: only such prefixes' nodes can change. */
  reaches(prefix: string): boolean;
  /** The first characters of the label words an edit reaches. */
  firstCharacters: readonly string[];
  /** IRIs of entities added, removed, or whose packed form changed. */
  changed: Set<string>;
  /** This build's numbers of the entities added or changed. */
  changedNumbers: ReadonlySet<number>;
  /** By this build's numbers, 1 for an entity whose number is not the one it had (rest files list numbers). */
  moved: Uint8Array;
}

const numbersByMemo = new WeakMap<SearchMemo, ReadonlyMap<string, number>>();

/** Each entity's number in the memo's build, by IRI: made once, for the search source and the index alike. */
export function previousNumbers(memo: SearchMemo): ReadonlyMap<string, number> {
  let numbers = numbersByMemo.get(memo);
  if (numbers === undefined) {
    numbers = new Map(memo.iris.map((iri, number) => [iri, number]));
    numbersByMemo.set(memo, numbers);
  }
  return numbers;
}

/** What tells an entity's search data changed: a hash of its packed form as JSON (the cache keeps no copy). */
export function packedHash(json: string): string {
  return hash('sha1', json, 'base64');
}

// Past this share of changed entities, building the whole index costs less than working out what to keep.
const MOST_CHANGED = 0.05;

/** `hashes`: each entity's packed form hashed (see packedHash), in this build's numbering. */
export function planIndexReuse(
  memo: SearchMemo,
  baseIri: string,
  budgets: string,
  entities: readonly SearchEntity[],
  hashes: readonly string[],
): IndexReuse | undefined {
  if (memo.baseIri !== baseIri || memo.budgets !== budgets) return undefined;
  const before = previousNumbers(memo);
  const now = new Map(entities.map((entity, number) => [entity.iri, number]));
  const changed = new Set<string>();
  const words = new Set<string>();
  const addWords = (entity: SearchEntity) => {
    for (const label of searchLabels(entity)) for (const word of wordSuffixes(label.normalized)) words.add(word);
  };
  entities.forEach((entity, number) => {
    const old = before.get(entity.iri);
    if (old !== undefined && memo.hashes[old] === hashes[number]) return;
    changed.add(entity.iri);
    addWords(entity);
  });
  // An entity changed or gone: the nodes that listed it are reached. Each one's prefix starts a word suffix of
  // the entity's previous labels (no search of the previous nodes: 10 ms an update).
  memo.iris.forEach((iri, old) => {
    const number = now.get(iri);
    if (number !== undefined && memo.hashes[old] === hashes[number]) return;
    changed.add(iri);
    for (const label of splitLabels(memo.labels[old]).normalized) for (const word of wordSuffixes(label)) words.add(word);
  });
  if (changed.size > entities.length * MOST_CHANGED) return undefined;
  const renumber = memo.iris.map((iri) => now.get(iri) ?? -1);
  const moved = new Uint8Array(entities.length).fill(1);
  renumber.forEach((number, old) => {
    if (number === old) moved[number] = 0;
  });
  const nodes = decodeNodes(memo.nodes, (old) => renumber[old]);
  const reached = [...words];
  const firstCharacters = [...new Set(reached.map((word) => firstCharacter(word)))];
  const changedNumbers = new Set([...changed].flatMap((iri) => now.get(iri) ?? []));
  // Every start of every reached word, so asking about a prefix (thousands of times an update) is one lookup.
  const reachedStarts = new Set<string>();
  for (const word of reached) for (let length = 1; length <= word.length; length += 1) reachedStarts.add(word.slice(0, length));
  return { memo, nodes, reaches: (prefix) => reachedStarts.has(prefix), firstCharacters, changed, changedNumbers, moved };
}
