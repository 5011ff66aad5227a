/** In a list sorted ascending (numbers, or strings in code unit order), the index of the first item not before `value`. */
export function firstAtOrAfter<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
