// Lookups and walks over lists of keys in code unit order (JavaScript's `<`): the manifest's columns.
import { firstAtOrAfter } from '../text/first-at-or-after.ts';

/** Keys in code unit order, and the value of each at the same index. */
export interface Column {
  keys: readonly string[];
  values: readonly string[];
}

/** Where `key` is in `keys` (in code unit order), or -1. */
export function findSorted(keys: readonly string[], key: string): number {
  const at = firstAtOrAfter(keys, key);
  return keys[at] === key ? at : -1;
}

/** Walks two lists in code unit order side by side: `visit` gets each key's index in either list, or undefined where it lacks it. */
export function walkSorted(a: readonly string[], b: readonly string[], visit: (inA: number | undefined, inB: number | undefined) => void): void {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    // Most keys are in both lists (one build and the next): one comparison settles those.
    if (i < a.length && j < b.length && a[i] === b[j]) visit(i++, j++);
    else if (j >= b.length || (i < a.length && a[i] < b[j])) visit(i++, undefined);
    else visit(undefined, j++);
  }
}

/** Two lists, each in code unit order, as one. */
export function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return [...a];
  const merged: string[] = [];
  let at = 0;
  for (const item of b) {
    while (at < a.length && a[at] < item) merged.push(a[at++]);
    merged.push(item);
  }
  while (at < a.length) merged.push(a[at++]);
  return merged;
}
