import { bestLabel, compareMatches } from './core/search-core.js';
import type { MatchKey, SearchEntity } from './core/search-core.js';
import type { LabelRows } from './label-rows.ts';
import type { RankedLists } from './search-label.ts';
import { firstNotBefore } from '../text/first-at-or-after.ts';

/** What re-ranking reads: this build's entities and search labels, and which of them an edit changed. */
export interface RerankSource {
  entities: readonly SearchEntity[];
  labels: LabelRows;
  changed: ReadonlySet<number>;
}

/**
 * A node's ranked lists worked out from the previous build's lists for the same query, in this build's
 * numbering: the unchanged members keep their order (their labels, hence their keys, are the same), and the
 * changed ones are put in their places. Equal to ranking every member again, since the order is total (IRIs
 * break ties). Undefined when the previous lists do not hold every unchanged member.
 */
export function rerankLists(previous: RankedLists, members: readonly number[], query: string, source: RerankSource): RankedLists | undefined {
  const { entities, labels, changed } = source;
  const isMember = new Set(members);
  const keep = (list: readonly number[]) => list.filter((number) => number >= 0 && !changed.has(number) && isMember.has(number));
  const kept = { class: keep(previous.class), property: keep(previous.property) };
  const fresh = members.filter((number) => changed.has(number));
  if (kept.class.length + kept.property.length + fresh.length !== members.length) return undefined;
  // Ordered by keys alone: the labels as written, which the kept entities would have to read from their records, are not needed.
  type Ranked = { entity: SearchEntity; key: MatchKey };
  const matches = new Map<number, Ranked | undefined>();
  const matchOf = (number: number): Ranked | undefined => {
    if (!matches.has(number)) {
      const best = bestLabel(query, labels.at(number));
      matches.set(number, best && { entity: entities[number], key: best.key });
    }
    return matches.get(number);
  };
  // A member always matches; one that does not means the lists were not what they seemed.
  if (fresh.some((number) => matchOf(number) === undefined)) return undefined;
  const order = (a: number, b: number) => compareMatches(matchOf(a) as Ranked, matchOf(b) as Ranked);
  const insert = (list: number[], kind: SearchEntity['kind']) => merge(list, fresh.filter((number) => entities[number].kind === kind).sort(order), order);
  return { class: insert(kept.class, 'class'), property: insert(kept.property, 'property') };
}

/** Merges a short sorted list into a long one, finding each place by binary search. */
function merge(long: readonly number[], short: readonly number[], order: (a: number, b: number) => number): number[] {
  if (short.length === 0) return [...long];
  const merged: number[] = [];
  let from = 0;
  for (const item of short) {
    const low = firstNotBefore(long.length, (index) => order(long[index], item) < 0, from);
    for (let at = from; at < low; at += 1) merged.push(long[at]);
    merged.push(item);
    from = low;
  }
  for (let at = from; at < long.length; at += 1) merged.push(long[at]);
  return merged;
}
