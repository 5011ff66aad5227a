/**
 * The first `count` items of `items` in `compare`'s order, sorted: what `[...items].sort(compare).slice(0, count)`
 * gives for a total order, in O(n log count) rather than a sort of the whole list (an index keeps 120 or 200 items
 * of lists of thousands).
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (items.length <= count) return [...items].sort(compare);
  // A heap of the best `count` so far, the worst of them on top.
  const heap: T[] = [];
  const worse = (a: T, b: T) => compare(a, b) > 0;
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at], heap[parent])) break;
        [heap[at], heap[parent]] = [heap[parent], heap[at]];
        at = parent;
      }
    } else if (compare(item, heap[0]) < 0) {
      heap[0] = item;
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let largest = at;
        if (left < heap.length && worse(heap[left], heap[largest])) largest = left;
        if (right < heap.length && worse(heap[right], heap[largest])) largest = right;
        if (largest === at) break;
        [heap[at], heap[largest]] = [heap[largest], heap[at]];
        at = largest;
      }
    }
  }
  return heap.sort(compare);
}
