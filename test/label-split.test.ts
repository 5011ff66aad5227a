// The split beginnings' word lists (generator/search/label-split.ts): a word's split beginnings, cut a code point
// at a time, and an update's lists of some beginnings alone, which must be those of the whole.
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/folio-shaped/rng.ts';
import { beginningWords, splitBeginnings, splitBeginningsOf } from '../generator/search/label-split.ts';

const SPLIT = new Set(['co', 'con', 'cont', 'ré', 'rés', '𝒜b', '𝒜b𝒞', 'a\ud800', 'a\ud800b']);

describe('splitBeginningsOf: the split beginnings a word starts with, shortest first, as far as they run unbroken', () => {
  it.each([
    ['contract', ['co', 'con', 'cont']],
    ['cone', ['co', 'con']],
    ['c', []],
    ['co', ['co']],
    ['coat', ['co']],
    ['law', []],
    ['résumé', ['ré', 'rés']],
    // Characters outside the Basic Multilingual Plane count as one.
    ['𝒜b𝒞d', ['𝒜b', '𝒜b𝒞']],
    ['𝒜', []],
    // A lone surrogate too.
    ['a\ud800bc', ['a\ud800', 'a\ud800b']],
    ['', []],
  ])('%s', (word, expected) => {
    expect(splitBeginningsOf(word, SPLIT)).toEqual(expected);
  });
});

describe('beginningWords', () => {
  // A vocabulary crowded under a few beginnings, with words of astral characters and words no label holds now.
  const rng = new Rng(11);
  const letters = ['c', 'o', 'n', 't', 'r', 'a', 'é', 's', '𝒜', 'b'];
  const words = [...new Set(Array.from({ length: 3000 }, () => Array.from({ length: 1 + rng.int(7) }, () => letters[rng.int(letters.length)]).join('')))];
  const counts = Int32Array.from(words, () => (rng.int(10) === 0 ? 0 : 1 + rng.int(300)));
  const weights = { perWord: 120, perVariant: 16, perKey: 200 };
  const { split } = splitBeginnings(new Map(words.map((word, at) => [word, counts[at]])), weights);

  it('of some beginnings alone are the whole lists of those beginnings', () => {
    expect(split.length).toBeGreaterThan(20);
    const whole = beginningWords(words, counts, split, weights.perVariant, weights.perKey);
    for (let round = 0; round < 20; round += 1) {
      const only = new Set(split.filter(() => rng.int(4) === 0));
      const some = beginningWords(words, counts, split, weights.perVariant, weights.perKey, only);
      expect(some).toEqual(new Map([...whole].filter(([beginning]) => only.has(beginning))));
    }
  });

  it('lists the commonest words a beginning starts with, no word no label holds', () => {
    const whole = beginningWords(words, counts, split, weights.perVariant, weights.perKey);
    for (const [beginning, listed] of whole) {
      expect(listed.length).toBeGreaterThan(0);
      for (const word of listed) {
        expect(word.startsWith(beginning)).toBe(true);
        expect(counts[words.indexOf(word)]).toBeGreaterThan(0);
      }
      const listedCounts = listed.map((word) => counts[words.indexOf(word)]);
      expect(listedCounts).toEqual([...listedCounts].sort((a, b) => b - a));
    }
  });
});
