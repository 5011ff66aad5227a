import { describe, expect, it } from 'vitest';
import { firstJoinedLabel, forEachJoinedLabel, joinLabels } from '../generator/search/joined-labels.ts';
import { LabelRows } from '../generator/search/label-rows.ts';
import { ReachedSuffixes } from '../generator/search/reached-suffixes.ts';
import type { SearchLabel } from '../generator/search/search-label.ts';

const label = (normalized: string, primary = false): SearchLabel => ({ original: normalized.toUpperCase(), normalized, primary });

// Each entity's labels, as a fresh build has them.
const ENTITIES: SearchLabel[][] = [
  [label('sale of goods', true), label('vente')],
  [],
  [label('')],
  [label('', true), label('sales tax'), label('')],
  [label('tax sale', true)],
  [label('𠀀aw of the sea', true), label('sea law')],
  [label('salvage')],
];

/** The same labels as an update keeps them: joined as the memo does, read (and counted) when asked for. */
function keptRows(entities: readonly SearchLabel[][]): { rows: LabelRows; read: number[] } {
  const read: number[] = [];
  const rows = new LabelRows(
    entities.map(() => undefined),
    (entity) => joinLabels(entities[entity]),
    (entity, normalized, primary) => {
      read.push(entity);
      return normalized.map((text, at) => ({ original: entities[entity][at].original, normalized: text, primary: primary && at === 0 }));
    },
  );
  return { rows, read };
}

describe('labels joined as the memo keeps them', () => {
  it.each(ENTITIES.map((labels, at) => [at, labels] as const))('entity %i: each label found where it lies, and the first', (_, labels) => {
    const joined = joinLabels(labels);
    const spans: string[] = [];
    forEachJoinedLabel(joined, (start, end, at) => {
      expect(at).toBe(spans.length);
      spans.push(joined.slice(start, end));
    });
    expect(spans).toEqual(labels.map((one) => one.normalized));
    expect(firstJoinedLabel(joined)).toBe(labels[0]?.normalized ?? '');
  });
});

describe('LabelRows', () => {
  it('reads a kept entity’s labels once, when first asked, as they were joined', () => {
    const { rows, read } = keptRows(ENTITIES);
    expect(rows.unread(3)).toBe(joinLabels(ENTITIES[3]));
    expect(rows.at(3)).toEqual(ENTITIES[3]);
    expect(rows.at(3)).toBe(rows.at(3));
    expect(rows.unread(3)).toBeUndefined();
    expect(read).toEqual([3]);
    expect(rows.all()).toEqual(ENTITIES);
  });

  it('gives a kept entity’s texts without keeping them read', () => {
    const { rows, read } = keptRows(ENTITIES);
    const texts = (labels: readonly { normalized: string; primary: boolean }[]) => labels.map(({ normalized, primary }) => ({ normalized, primary }));
    expect(ENTITIES.map((_, entity) => texts(rows.texts(entity)))).toEqual(ENTITIES.map(texts));
    expect(read).toEqual([]);
    expect(rows.unread(0)).toBe(joinLabels(ENTITIES[0]));
  });

  it('holds labels in hand as given', () => {
    const rows = LabelRows.of(ENTITIES);
    expect(rows.length).toBe(ENTITIES.length);
    expect(ENTITIES.map((_, entity) => rows.unread(entity))).toEqual(ENTITIES.map(() => undefined));
    expect(rows.at(0)).toBe(ENTITIES[0]);
  });
});

describe('ReachedSuffixes walks kept labels where they are joined', () => {
  // Every entity walked (an update walks those the previous nodes list, see holdersOf).
  const every = ENTITIES.map((_, number) => number);
  // Prefixes of one and two characters, some starting no word, one a character outside the BMP.
  const PREFIXES = [['s'], ['sa'], ['se', 't'], ['𠀀'], ['𠀀a'], ['v', 'ta'], ['x'], ['sa', 'l']];
  const plain = (suffixes: readonly { source: string; offset: number; entity: number; label: number }[]) =>
    suffixes.map(({ source, offset, entity, label }) => ({ source, offset, entity, label }));

  it.each(PREFIXES.map((prefixes) => [prefixes.join(' '), prefixes] as const))('%s: the suffixes a fresh walk lists, reading no label', (_, prefixes) => {
    const fresh = new ReachedSuffixes(LabelRows.of(ENTITIES), prefixes, every);
    const { rows, read } = keptRows(ENTITIES);
    const kept = new ReachedSuffixes(rows, prefixes, every);
    for (const prefix of prefixes) {
      const listed = fresh.under(prefix).known;
      // Only prefixes of one or two characters are listed in the walk.
      expect(listed !== undefined).toBe([...prefix].length <= 2);
      expect(plain(kept.under(prefix).get())).toEqual(plain(fresh.under(prefix).get()));
    }
    expect(read).toEqual([]);
    // Not vacuous: most of the table finds some suffix.
    if (prefixes[0] !== 'x') expect(prefixes.some((prefix) => fresh.under(prefix).get().length > 0)).toBe(true);
  });

  it('reads, for a prefix the walk did not list, only the kept entities whose labels hold it', () => {
    const { rows, read } = keptRows(ENTITIES);
    const suffixes = new ReachedSuffixes(rows, ['s'], every).under('sea').get();
    expect(plain(suffixes)).toEqual(plain(new ReachedSuffixes(LabelRows.of(ENTITIES), ['s'], every).under('sea').get()));
    expect(suffixes.map(({ entity, label }) => [entity, label])).toEqual([
      [5, 0],
      [5, 1],
    ]);
    expect(read).toEqual([5]);
  });
});
