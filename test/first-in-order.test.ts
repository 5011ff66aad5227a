// firstInOrder must give exactly what a whole sort and a slice give, for every size around the count.
import { describe, expect, it } from 'vitest';
import { firstInOrder } from '../generator/search/first-in-order.ts';

// A deterministic shuffle with repeated keys, so ties are settled by the second field, as the indexes' orders are.
function items(length: number, seed: number): [number, number][] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % 97;
  return Array.from({ length }, (_, at) => [next() % 13, at]);
}
const order = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];

describe('firstInOrder', () => {
  it.each([
    [0, 5],
    [3, 5],
    [5, 5],
    [6, 5],
    [200, 1],
    [200, 50],
    [1000, 120],
    [1000, 999],
  ])('of %i items, the first %i are those of a whole sort', (length, count) => {
    for (const seed of [1, 7, 42]) {
      const list = items(length, seed);
      expect(firstInOrder(list, count, order)).toEqual([...list].sort(order).slice(0, count));
    }
  });
});
