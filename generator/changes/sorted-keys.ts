// Lookups and walks over lists of keys in code unit order (JavaScript's `<`): the manifest's columns.
import { firstNotBefore } from '../text/first-at-or-after.ts';
import type { TextList } from './text-list.ts';

/** An entry put into a column; `format`: whether the path is an entity's format file (files only). */
export interface PutEntry {
  key: string;
  value: string;
  format?: boolean;
}

/** Keys in code unit order, and the value of each at the same index. */
export interface Column {
  keys: TextList;
  values: TextList;
}

/** The index of the first key not before `key`. */
export function firstKeyAtOrAfter(keys: TextList, key: string): number {
  return firstNotBefore(keys.length, (index) => keys.at(index) < key);
}

/** Where `key` is in `keys` (in code unit order), or -1. */
export function findSorted(keys: TextList, key: string): number {
  const at = firstKeyAtOrAfter(keys, key);
  return at < keys.length && keys.at(at) === key ? at : -1;
}

/** Walks two lists in code unit order side by side: `visit` gets each key's index in either list, or undefined where it lacks it. */
export function walkSorted(a: TextList, b: TextList, visit: (inA: number | undefined, inB: number | undefined) => void): void {
  let i = 0;
  let j = 0;
  // Each key read once (a joined list makes a string each time).
  let keyA = a.length > 0 ? a.at(0) : '';
  let keyB = b.length > 0 ? b.at(0) : '';
  const stepA = () => {
    i += 1;
    if (i < a.length) keyA = a.at(i);
  };
  const stepB = () => {
    j += 1;
    if (j < b.length) keyB = b.at(j);
  };
  while (i < a.length || j < b.length) {
    // Most keys are in both lists (one build and the next): one comparison settles those.
    if (i < a.length && j < b.length && keyA === keyB) {
      visit(i, j);
      stepA();
      stepB();
    } else if (j >= b.length || (i < a.length && keyA < keyB)) {
      visit(i, undefined);
      stepA();
    } else {
      visit(undefined, j);
      stepB();
    }
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
