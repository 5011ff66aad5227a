// The word indexes' memos patched by an edit equal the same made again from scratch: FirstLists (a list's first
// entries kept with a spare, patched entry by entry), patchSplit (the split beginnings from their sums), and the
// label and definition indexes, whose update makes only the files an edit reaches, each as a whole build makes it.
import { describe, expect, it } from 'vitest';
import { definitionIndex } from '../generator/search/definition-index.ts';
import { FirstLists, type Entry, type FirstListsShape } from '../generator/search/first-lists.ts';
import { LABEL_INDEX_DEFAULTS, labelIndex, type IndexedEntity, type IndexedLabel } from '../generator/search/label-index.ts';
import { patchSplit, splitBeginnings, type KeyWeights } from '../generator/search/label-split.ts';
import { distinctLabels } from '../generator/search/label-words.ts';

/** A deterministic pseudo-random sequence (mulberry32). */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('FirstLists: each key keeps its first entries in order, patched entry by entry', () => {
  // Entries [entity, weight]: heavier first, then by entity.
  const shape: FirstListsShape = { order: (a, b) => b[1] - a[1] || a[0] - b[0], kept: 6, needed: 4, identity: 1, width: 2 };
  const whole = (entries: ReadonlyMap<number, Entry>) => {
    const byKey = new Map<string, Entry[]>();
    for (const [entity, entry] of entries) {
      const key = `k${entity % 3}`;
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    }
    return FirstLists.of(shape, byKey);
  };

  it.each([1, 2, 3, 4, 5])('equals the lists made again after random edits (seed %i), or says it cannot', (seed) => {
    const random = randomOf(seed);
    let entries = new Map<number, Entry>(Array.from({ length: 40 }, (_, entity) => [entity, [entity, Math.floor(random() * 10)]]));
    let stored = whole(entries).toStored();
    let patchedSteps = 0;
    for (let step = 0; step < 30; step += 1) {
      const next = new Map(entries);
      const edited = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * 45));
      for (const entity of edited) {
        if (random() < 0.3) next.delete(entity);
        else next.set(entity, [entity, Math.floor(random() * 10)]);
      }
      const lists = new FirstLists(shape, stored);
      for (const entity of new Set(edited)) if (entries.has(entity)) lists.remove(`k${entity % 3}`, [entity]);
      for (const entity of new Set(edited)) {
        const entry = next.get(entity);
        if (entry) lists.add(`k${entity % 3}`, entry);
      }
      const again = whole(next);
      if (lists.stillFirst()) {
        patchedSteps += 1;
        for (const key of ['k0', 'k1', 'k2']) {
          expect(lists.countOf(key)).toBe(again.countOf(key));
          expect(lists.first(key).slice(0, shape.needed)).toEqual(again.first(key).slice(0, shape.needed));
        }
        stored = lists.toStored();
      } else stored = again.toStored();
      entries = next;
    }
    // Most steps patch: the check above is not vacuous.
    expect(patchedSteps).toBeGreaterThan(15);
  });

  it('renumbers the stored entities, and refuses to store one removed but not taken out', () => {
    const lists = FirstLists.of(
      shape,
      new Map([
        [
          'k',
          [
            [0, 5],
            [1, 4],
            [2, 3],
          ],
        ],
      ]),
    );
    const renumbered = new FirstLists(shape, lists.toStored(), Int32Array.from([2, -1, 0]));
    expect(renumbered.first('k')).toEqual([
      [2, 5],
      [-2, 4],
      [0, 3],
    ]);
    expect(() => renumbered.toStored()).toThrow(/removed entity/);
    renumbered.remove('k', [renumbered.current(1)]);
    expect(renumbered.toStored().entries).toEqual(Int32Array.from([2, 5, 0, 3]));
  });
});

describe('patchSplit: the split beginnings from their sums equal splitBeginnings over the changed counts', () => {
  const weights: KeyWeights = { perWord: 12, perVariant: 3, perKey: 30 };
  // Letters of one UTF-16 unit, and (seeds 7-9) one outside the Basic Multilingual Plane and a lone surrogate.
  const wordsOf = (letters: readonly string[]) => (random: () => number) =>
    Array.from({ length: 3 + Math.floor(random() * 4) }, () => letters[Math.floor(random() * letters.length)]).join('');

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('seed %i', (seed) => {
    const random = randomOf(seed);
    const wordOf = wordsOf(seed > 6 ? ['a', 'b', '𝒜', '\ud800'] : ['a', 'b', 'c', 'd']);
    let counts = new Map(Array.from({ length: 60 }, () => [wordOf(random), 1 + Math.floor(random() * 20)] as const));
    let layout = splitBeginnings(counts, weights);
    let patched = 0;
    for (let step = 0; step < 40; step += 1) {
      const next = new Map(counts);
      const changed: [string, number, number][] = [];
      for (let edit = 0; edit < 3; edit += 1) {
        const word = random() < 0.5 ? [...counts.keys()][Math.floor(random() * counts.size)] : wordOf(random);
        const was = next.get(word) ?? 0;
        const is = Math.max(0, was + Math.floor(random() * 7) - 3);
        next.set(word, is);
        changed.push([word, was, is]);
      }
      const whole = splitBeginnings(next, weights);
      const fromSums = patchSplit(layout, changed, weights);
      if (fromSums) {
        patched += 1;
        expect(fromSums.split).toEqual(whole.split);
        expect(new Map([...fromSums.sums].filter(([, sum]) => sum > 0))).toEqual(whole.sums);
      }
      layout = fromSums ?? whole;
      counts = next;
    }
    expect(patched).toBeGreaterThan(20);
  });
});

describe('an update of the word indexes makes the files its edit reaches, each as a whole build makes it', () => {
  const random = randomOf(9);
  const vocabulary = Array.from({ length: 40 }, (_, at) => `w${String.fromCharCode(97 + (at % 26))}${at}`);
  const labelOf = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]).join(' ');
  const entities: IndexedEntity[] = Array.from({ length: 300 }, (_, at) => ({ id: `e${at}`, property: at % 10 === 0 }));
  const labels: IndexedLabel[][] = entities.map(() => [
    { normalized: labelOf(), primary: true },
    { normalized: labelOf(), primary: false },
  ]);
  const terms = entities.map(() => labelOf());
  // Small lists, so that busy words, pairs and cut lists occur among 300 entities.
  const options = { ...LABEL_INDEX_DEFAULTS, mostPerWord: 20, mostPerPair: 8, mostPerKey: 60 };

  it('for a relabelled entity and a redefined one', () => {
    const before = labelIndex(entities, (entity) => labels[entity], options);
    const beforeDefinitions = definitionIndex(entities, () => terms);
    const edited = 17;
    const after = labels.map((own, at) => (at === edited ? [{ normalized: `${own[0].normalized} wz99`, primary: true }, own[1]] : own));
    const afterTerms = terms.map((text, at) => (at === edited ? `${text} wz99` : text));
    const whole = labelIndex(entities, (entity) => after[entity], options);
    const reached = new Set<number>([0, 1, 2, 3, 4, 5, 6, 7].map((bucket) => bucket % whole.buckets));
    const update = labelIndex(entities, (entity) => after[entity], options, {
      memo: before.memo,
      changes: [{ old: { entity: edited, texts: distinctLabels(labels[edited]) }, now: { entity: edited, texts: distinctLabels(after[edited]) } }],
      wanted: () => reached,
    });
    expect(update.files.length).toBe(reached.size);
    expect(update.files.length).toBeLessThan(whole.files.length);
    const wholeFiles = new Map(whole.files.map((file) => [file.path, file.body]));
    for (const file of update.files) expect(file.body).toEqual(wholeFiles.get(file.path));
    // The memos hold the same lists (in another order of keys: a new word comes last in the patched one).
    for (const kind of ['words', 'pairs'] as const) {
      const lists = (memo: typeof whole.memo) => {
        const stored = memo.words[kind];
        return new Map(stored.keys.map((key, at) => [key, [stored.counts[at], [...stored.entries.subarray(stored.starts[at], stored.starts[at + 1])]]]));
      };
      const patched = lists(update.memo);
      for (const [key, list] of lists(whole.memo)) expect([key, patched.get(key)]).toEqual([key, list]);
    }

    const wholeDefinitions = definitionIndex(entities, () => afterTerms);
    const definitions = definitionIndex(entities, () => afterTerms, {
      memo: beforeDefinitions.memo,
      changes: [{ old: { entity: edited, terms: terms[edited] }, now: { entity: edited, terms: afterTerms[edited] } }],
      wanted: () => new Set([0]),
    });
    expect(definitions.files).toEqual(wholeDefinitions.files.filter((file) => file.path === definitions.files[0].path));
    expect([definitions.count, definitions.averageLength]).toEqual([wholeDefinitions.count, wholeDefinitions.averageLength]);
  });
});

describe('an update of the label index makes any one file as a whole build makes it, among nested split beginnings', () => {
  const random = randomOf(21);
  // Words under shared beginnings up to six letters deep, so that split beginnings nest (`co`, `con`, … `contra`): the
  // key of one of five letters or more is its parent's key a letter longer, which may lie in another file.
  const stems = ['contra', 'contre', 'contro', 'consen', 'consid', 'courtr', 'courts', 'judgem'];
  const vocabulary = stems.flatMap((stem, at) => Array.from({ length: 6 }, (_, more) => `${stem}${String.fromCharCode(97 + ((at + more) % 26))}${more}`));
  const labelOf = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]).join(' ');
  const entities: IndexedEntity[] = Array.from({ length: 400 }, (_, at) => ({ id: `e${at}`, property: at % 7 === 0 }));
  const labels: IndexedLabel[][] = entities.map(() => [{ normalized: labelOf(), primary: true }]);
  const options = { ...LABEL_INDEX_DEFAULTS, mostPerWord: 20, mostPerVariant: 6, mostPerPair: 8, mostPerKey: 40 };
  const edited = 33;
  const after = labels.map((own, at) => (at === edited ? [{ normalized: `${own[0].normalized} contz9`, primary: true }] : own));
  const before = labelIndex(entities, (entity) => labels[entity], options);
  const whole = labelIndex(entities, (entity) => after[entity], options);
  const wholeFiles = new Map(whole.files.map((file) => [file.path, file.body]));

  it('has split beginnings of five letters or more (the case the test is for)', () => {
    expect(whole.split.filter((beginning) => beginning.length >= 5).length).toBeGreaterThan(0);
  });

  it('for each file alone', () => {
    for (let bucket = 0; bucket < whole.buckets; bucket += 1) {
      const update = labelIndex(entities, (entity) => after[entity], options, {
        memo: before.memo,
        changes: [{ old: { entity: edited, texts: distinctLabels(labels[edited]) }, now: { entity: edited, texts: distinctLabels(after[edited]) } }],
        wanted: () => new Set([bucket]),
      });
      expect(update.files.map((file) => [file.path, file.body])).toEqual([[update.files[0]?.path, wholeFiles.get(update.files[0]?.path ?? '')]]);
      expect(update.files[0]?.path).toBe(whole.files[bucket].path);
    }
  });
});
