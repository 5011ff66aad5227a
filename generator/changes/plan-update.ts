import type { Quad } from '@rdfjs/types';
import type { LoadedBlock } from '../load/load-ontology.ts';
import { QuadDecoder } from '../load/quad-codec.ts';
import type { OntologyModel } from '../model/build-model.ts';
import type { BuildCache } from '../write/build-cache.ts';
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
 * the ontology header changed, or the previous output has no format files to keep (its entities were bundled).
 */
export function planUpdate(blocks: readonly LoadedBlock[], cache: BuildCache, model: OntologyModel): UpdatePlan | undefined {
  if (!cache.formatFiles) return undefined;
  const before = countKeys(cache.blockKeys);
  const now = countKeys(blocks.map((block) => block.key));
  const changedKeys = new Set([...before.keys(), ...now.keys()].filter((key) => before.get(key) !== now.get(key)));
  if (changedKeys.size > blocks.length * MOST_CHANGED) return undefined;
  const changed: Quad[] = blocks.filter((block) => changedKeys.has(block.key)).flatMap((block) => block.quads);
  const decoder = new QuadDecoder(cache.parsed.strings);
  for (const key of changedKeys) {
    if (!before.has(key)) continue;
    const encoded = cache.parsed.blocks.get(key);
    if (!encoded) return undefined;
    changed.push(...decoder.decode(encoded));
  }
  const iris = affectedIris(changed);
  if (!iris) return undefined;
  const emit = new Set(model.entities.filter((entity) => iris.has(entity.iri)).map((entity) => entity.id));
  return { emit, reached: iris, changedBlocks: changedKeys.size };
}

function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
