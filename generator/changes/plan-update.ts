import type { Quad } from '@rdfjs/types';
import type { LoadedBlock } from '../load/loaded-block.ts';
import { QuadDecoder } from '../load/quad-codec.ts';
import type { OntologyModel } from '../model/build-model.ts';
import type { BuildCache } from '../write/build-cache.ts';
import type { HostName } from '../route/paths.ts';
import { affectedIris } from './affected.ts';

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
 * (laid out for another host, or bundled, or named after another base IRI).
 */
export function planUpdate(blocks: readonly LoadedBlock[], cache: BuildCache, model: OntologyModel, host: HostName): UpdatePlan | undefined {
  if (cache.layout !== host || cache.baseIri !== model.baseIri) return undefined;
  const changedKeys = keysCountedDifferently(cache.blockKeys, blocks.map((block) => block.key));
  if (changedKeys.size > blocks.length * MOST_CHANGED) return undefined;
  const changed: Quad[] = blocks.filter((block) => changedKeys.has(block.key)).flatMap((block) => block.quads);
  const decoder = new QuadDecoder(cache.parsed.strings);
  const previousKeys = new Set(changedKeys.size > 0 ? cache.blockKeys : []);
  for (const key of changedKeys) {
    if (!previousKeys.has(key)) continue;
    const encoded = cache.parsed.blocks.get(key);
    if (!encoded) return undefined;
    changed.push(...decoder.decode(encoded));
  }
  const iris = affectedIris(changed);
  if (!iris) return undefined;
  const emit = new Set(model.entities.filter((entity) => iris.has(entity.iri)).map((entity) => entity.id));
  return { emit, reached: iris, changedBlocks: changedKeys.size };
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
