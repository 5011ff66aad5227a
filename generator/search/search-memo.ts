import { hash } from 'node:crypto';
import type { DefinitionIndexMemo } from './definition-index.ts';
import type { FoldMemo } from './fold-table.ts';
import type { LabelIndexMemo } from './label-index.ts';
import { searchLabels } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';
import { fitsLeaf, membersOf, type BuiltNode } from './expand-nodes.ts';
import { EditReach, type ComparedLabel } from './edit-reach.ts';
import type { PackRun } from './shard-files.ts';
import { PackedJsonReader, type PackedJson } from './packed-json.ts';
import { decodeNodes, type EncodedNodes } from './node-codec.ts';
import { joinedLabels } from './joined-labels.ts';
import { StringTable, type StoredStrings } from '../text/string-table.ts';

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
  /** Each entity's definition terms (see definingTerms), for the definition index: stored, read when asked for (see memoDefinitions). */
  definitions: StoredStrings;
  /** Each entity's labels' non-ASCII characters (see nonAsciiCharacters), for nginx's fold table. */
  characters: string[];
  /** Each entity's escaped JSON text, so an update shows the entities it did not reach without their records. */
  json: PackedJson;
  /** Nodes in index order, lists in that numbering. */
  nodes: EncodedNodes;
  runs: { s: PackRun[]; r: PackRun[]; c: PackRun[] };
  /** What the label and definition indexes keep (added by emitSearch). */
  words?: WordsMemo;
  /** The nginx handler's fold table (added by emitSearch). */
  fold?: FoldMemo;
}

/** What a build keeps of its word indexes, so that an update patches them by its edit. */
export interface WordsMemo {
  label: LabelIndexMemo;
  definition: DefinitionIndexMemo;
  /** openapi.json's label and definition search examples as answered (WordExamples as JSON; added by emitSearch). */
  examples?: string;
}

/** The previous index, renumbered for this build, and what the edit reaches. */
export interface IndexReuse {
  memo: SearchMemo;
  /**
   * The previous nodes with this build's entity numbers (-1 for an entity gone: only in nodes the edit reaches);
   * the same prefixes and list lengths as the previous build's.
   */
  nodes: BuiltNode[];
  /** Whether the node at the prefix may rank differently (see EditReach): only those are worked out again. */
  reaches(prefix: string): boolean;
  /** Whether the node at the prefix may show a changed entity: its file is written again. */
  shows(prefix: string): boolean;
  /** The first characters of the prefixes worked out again. */
  firstCharacters: readonly string[];
  /** The prefixes of two characters (code points) worked out again. */
  twoCharacterPrefixes: readonly string[];
  /** IRIs of entities added, removed, or whose packed form changed. */
  changed: Set<string>;
  /** This build's numbers of the entities added or changed. */
  changedNumbers: ReadonlySet<number>;
  /** By this build's numbers, 1 for an entity whose number is not the one it had (rest files list numbers). */
  moved: Uint8Array;
}

const numbersByMemo = new WeakMap<SearchMemo, ReadonlyMap<string, number>>();
const definitionsByMemo = new WeakMap<SearchMemo, StringTable>();

/** The memo's definition terms, each decoded when first read (an update reads those of the entities it reached). */
export function memoDefinitions(memo: SearchMemo): StringTable {
  let definitions = definitionsByMemo.get(memo);
  if (definitions === undefined) {
    definitions = StringTable.stored(memo.definitions);
    definitionsByMemo.set(memo, definitions);
  }
  return definitions;
}

/** Each entity's number in the memo's build, by IRI: made once, for the search source and the index alike. */
export function previousNumbers(memo: SearchMemo): ReadonlyMap<string, number> {
  let numbers = numbersByMemo.get(memo);
  if (numbers === undefined) {
    const made = new Map<string, number>();
    memo.iris.forEach((iri, number) => made.set(iri, number));
    numbers = made;
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

/**
 * `hashes`: each entity's packed form hashed (see packedHash), in this build's numbering; `sizes`: its size in
 * bytes, which decides with `leafBudget` whether a node's entities fit a leaf; `kept`: each entity's number in
 * `memo` where it kept its data from it (PackedForms.previous).
 */
export function planIndexReuse(
  memo: SearchMemo,
  baseIri: string,
  budgets: string,
  entities: readonly SearchEntity[],
  { hashes, sizes, leafBudget, kept }: { hashes: readonly string[]; sizes: readonly number[]; leafBudget: number; kept?: readonly (number | undefined)[] },
): IndexReuse | undefined {
  if (memo.baseIri !== baseIri || memo.budgets !== budgets) return undefined;
  const before = previousNumbers(memo);
  const changed = new Set<string>();
  const changedNumbers = new Set<number>();
  const reach = new EditReach();
  const previousJson = new PackedJsonReader(memo.json);
  const previousLabels = (old: number): ComparedLabel[] => joinedLabels(memo.labels[old]);
  // Each previous number's entity now (-1: removed).
  const renumber = new Int32Array(memo.iris.length).fill(-1);
  entities.forEach((entity, number) => {
    // An entity that kept its data has the hash it had: only the others are looked up by IRI and compared.
    const keptAt = kept?.[number];
    const old = keptAt ?? before.get(entity.iri);
    if (old !== undefined) renumber[old] = number;
    if (keptAt !== undefined || (old !== undefined && memo.hashes[old] === hashes[number])) return;
    changed.add(entity.iri);
    changedNumbers.add(number);
    const kindChanged = old !== undefined && kindChangedSince(previousJson, old, entity.kind);
    reach.add(old === undefined ? [] : previousLabels(old), searchLabels(entity), kindChanged);
  });
  renumber.forEach((number, old) => {
    if (number !== -1) return;
    changed.add(memo.iris[old]);
    reach.add(previousLabels(old), [], false);
  });
  if (changed.size > entities.length * MOST_CHANGED) return undefined;
  const moved = new Uint8Array(entities.length).fill(1);
  renumber.forEach((number, old) => {
    if (number === old) moved[number] = 0;
  });
  const nodes = decodeNodes(memo.nodes, (old) => renumber[old]);
  // A node that shows a changed entity but ranks as before keeps its lists, unless the entity's new size changes
  // whether the node's entities fit a leaf; a leaf's entities stand in number order, which the edit may change.
  for (const built of nodes) {
    if (!reach.shows(built.prefix) || reach.ranks(built.prefix)) continue;
    const leaf = 'leaf' in built.node;
    if (fitsLeaf(membersOf(built), sizes, leafBudget) !== leaf) reach.rank(built.prefix);
    else if ('leaf' in built.node) built.node.leaf.sort((a, b) => a - b);
  }
  return {
    memo,
    nodes,
    reaches: (prefix) => reach.ranks(prefix),
    shows: (prefix) => reach.shows(prefix),
    firstCharacters: reach.firstCharacters,
    twoCharacterPrefixes: reach.twoCharacterPrefixes,
    changed,
    changedNumbers,
    moved,
  };
}

/** Whether the entity numbered `old` in the memo's build was of another kind than `kind` then. */
export function kindChangedSince(previousJson: PackedJsonReader, old: number, kind: SearchEntity['kind']): boolean {
  // A packed entity's JSON begins with its kind: [0 for a class, [1 for a property.
  return previousJson.text(old).charAt(1) !== (kind === 'class' ? '0' : '1');
}
