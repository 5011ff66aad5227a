/** In a list sorted ascending (numbers, or strings in code unit order), the index of the first item not before `value`. */
export function firstAtOrAfter<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  return firstNotBefore(sorted.length, (index) => sorted[index] < value);
}

/**
 * Of `length` items in order, the index of the first at or after `from` for which `before` is false (`length` if
 * none): a binary search.
 */
export function firstNotBefore(length: number, before: (index: number) => boolean, from = 0): number {
  let low = from;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
