/** Runs `check` over the items, `width` at a time: thousands of requests to one local server, a few in flight at once. */
export async function inBatches<T>(items: readonly T[], width: number, check: (item: T) => Promise<void>): Promise<void> {
  for (let at = 0; at < items.length; at += width) await Promise.all(items.slice(at, at + width).map(check));
}
