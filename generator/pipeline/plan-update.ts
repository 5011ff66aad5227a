import type { Quad } from '@rdfjs/types';
import type { LoadedBlock } from '../load/loaded-block.ts';
import { QuadDecoder } from '../load/quad-codec.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import type { BuildCache } from '../cache/format.ts';
import type { HostName } from '../route/paths.ts';
import { affectedIris } from '../changes/affected.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';

/** Which entities to emit again; the others' format files are kept as the previous build wrote them. */
export interface UpdatePlan {
  emit: Set<string>;
  /** IRIs the changed blocks name as subjects or parents: every entity whose own triples may differ is among them. */
  reached: ReadonlySet<string>;
  changedBlocks: number;
}

// Past this share of changed blocks, emitting everything again costs about as much as working out what to keep.
const MOST_CHANGED = 0.05;

/**
 * Compares this load's blocks with the cached ones: only entities the changed blocks name (and the parents
 * whose child lists they change) are emitted again. Undefined when everything has to be: a large change,
 * the ontology header changed, or the previous output's format files are not where this build puts them
 * (laid out for another host, or bundled, or named after another base IRI), or another branch table.
 */
export function planUpdate(blocks: readonly LoadedBlock[], cache: BuildCache, model: OntologyModel, host: HostName): UpdatePlan | undefined {
  if (cache.layout !== host || cache.baseIri !== model.baseIri || cache.branches !== branchesKey(model)) return undefined;
  const keys = blocks.map((block) => block.key);
  const changedKeys = changedBlockKeys(cache.blockKeys, keys);
  const changedBlocks = changedBlockCount(cache.blockKeys, keys, changedKeys);
  if (changedBlocks > blocks.length * MOST_CHANGED) return undefined;
  const changed: Quad[] = blocks.filter((block) => changedKeys.has(block.key)).flatMap((block) => block.quads);
  const decoder = new QuadDecoder(cache.parsed.strings);
  const previousKeys = new Set(changedKeys.size > 0 ? cache.blockKeys : []);
  for (const key of changedKeys) {
    if (!previousKeys.has(key)) continue;
    const encoded = cache.parsed.blocks.get(key);
    if (!encoded) return undefined;
    changed.push(...decoder.decode(encoded));
  }
  const iris = affectedIris(changed, model.linked);
  if (!iris) return undefined;
  const emit = new Set(model.entities.filter((entity) => iris.has(entity.iri)).map((entity) => entity.id));
  return { emit, reached: iris, changedBlocks };
}

/**
 * How many blocks changed, an edited block counted once (its old key and its new one are both changed keys):
 * the more of the blocks before and after that hold a changed key.
 */
export function changedBlockCount(before: readonly string[], now: readonly string[], changed: ReadonlySet<string>): number {
  const holding = (keys: readonly string[]) => keys.reduce((count, key) => count + (changed.has(key) ? 1 : 0), 0);
  return Math.max(holding(before), holding(now));
}

/**
 * The blocks to treat as changed: those added or removed, and those moved among the others, whose place orders
 * their subjects' triples and their parents' child lists.
 */
export function changedBlockKeys(before: readonly string[], now: readonly string[]): Set<string> {
  const changed = keysCountedDifferently(before, now);
  for (const key of movedKeys(before, now, changed)) changed.add(key);
  return changed;
}

/**
 * The keys both lists hold as often, whose order differs: as few as leave the others in the same order (those
 * outside a longest run of `now`'s keys whose places in `before` increase).
 */
function movedKeys(before: readonly string[], now: readonly string[], changed: ReadonlySet<string>): string[] {
  const kept = (key: string) => !changed.has(key);
  const [was, is] = [before.filter(kept), now.filter(kept)];
  if (was.every((key, at) => key === is[at])) return [];
  const places = new Map<string, number[]>();
  was.forEach((key, at) => places.set(key, [...(places.get(key) ?? []), at]));
  const used = new Map<string, number>();
  const sequence = is.map((key) => {
    const occurrence = used.get(key) ?? 0;
    used.set(key, occurrence + 1);
    return (places.get(key) as number[])[occurrence];
  });
  const inRun = longestIncreasingRun(sequence);
  return is.filter((_, at) => !inRun[at]);
}

/** Which of the numbers make up a longest increasing subsequence (patience sorting, O(n log n)). */
export function longestIncreasingRun(numbers: readonly number[]): boolean[] {
  // tails[length - 1]: index of the smallest last number of an increasing run of that length found so far.
  const tails: number[] = [];
  const previous = new Int32Array(numbers.length).fill(-1);
  numbers.forEach((value, at) => {
    const low = firstNotBefore(tails.length, (index) => numbers[tails[index]] < value);
    if (low > 0) previous[at] = tails[low - 1];
    tails[low] = at;
  });
  const inRun = new Array<boolean>(numbers.length).fill(false);
  for (let at = tails.length > 0 ? tails[tails.length - 1] : -1; at !== -1; at = previous[at]) inRun[at] = true;
  return inRun;
}

/**
 * The keys that occur a different number of times in the two lists. Positions holding the same key in both
 * cancel out, so an edit that keeps the blocks in place counts only the few positions it changed.
 */
export function keysCountedDifferently(before: readonly string[], now: readonly string[]): Set<string> {
  const difference = new Map<string, number>();
  const add = (key: string, by: number) => difference.set(key, (difference.get(key) ?? 0) + by);
  for (let at = 0; at < Math.max(before.length, now.length); at += 1) {
    if (before[at] === now[at]) continue;
    if (at < before.length) add(before[at], 1);
    if (at < now.length) add(now[at], -1);
  }
  return new Set([...difference].filter(([, by]) => by !== 0).map(([key]) => key));
}

/** The configured branch table as the cache records it ('' for the defaults): with another, every build is a full one. */
export function branchesKey(model: OntologyModel): string {
  return model.branches === undefined ? '' : JSON.stringify(model.branches);
}
