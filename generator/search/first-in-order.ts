/**
 * The best `count` items offered so far in `compare`'s order: a heap with the worst of them on top, so that an
 * index keeps 120 or 200 items of lists of thousands in O(n log count), and can ask whether an item would be kept
 * before it makes it.
 */
export class BestFirst<T> {
  readonly #heap: T[] = [];
  readonly #count: number;
  readonly #compare: (a: T, b: T) => number;

  constructor(count: number, compare: (a: T, b: T) => number) {
    this.#count = count;
    this.#compare = compare;
  }

  /** Whether an item that compares as `probe` does would be kept. */
  wants(probe: T): boolean {
    return this.#heap.length < this.#count || this.#compare(probe, this.#heap[0]) < 0;
  }

  offer(item: T): void {
    const heap = this.#heap;
    const compare = this.#compare;
    if (heap.length < this.#count) {
      // Up from the end while it is worse than its parent.
      let at = heap.length;
      heap.push(item);
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (compare(item, heap[parent]) <= 0) break;
        heap[at] = heap[parent];
        at = parent;
      }
      heap[at] = item;
      return;
    }
    if (compare(item, heap[0]) >= 0) return;
    // Down from the top while a child is worse.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && compare(heap[right], heap[left]) > 0 ? right : left;
      if (compare(heap[child], item) <= 0) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = item;
  }

  /** The items kept, in order (the heap is let go). */
  sorted(): T[] {
    return this.#heap.sort(this.#compare);
  }
}

/**
 * The first `count` items of `items` in `compare`'s order, sorted: what `[...items].sort(compare).slice(0, count)`
 * gives for a total order.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (items.length <= count) return [...items].sort(compare);
  const best = new BestFirst(count, compare);
  for (const item of items) best.offer(item);
  return best.sorted();
}
