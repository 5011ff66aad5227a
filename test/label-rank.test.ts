// Label search's ranking (generator/search/core/label-rank.js): words in any order, cut short or with typos.
import { describe, expect, it } from 'vitest';
import { editDistance, labelScore, rankLabels, wordMatch, type LabelCandidate } from '../generator/search/core/label-rank.js';
import { codePoints, normalize } from '../generator/search/core/search-text.js';

const words = (text: string) => normalize(text).split(' ');

describe('label search', () => {
  it.each([
    ['contract', 'contract', 2, 0],
    ['contarct', 'contract', 2, 1],
    ['kontract', 'contract', 2, 1],
    ['ontract', 'contract', 2, 1],
    ['cnotrcat', 'contract', 2, 2],
    ['kontrakd', 'contract', 2, 3],
    ['law', 'lawyer', 1, 2],
    ['straße', 'strase', 1, 1],
  ])('edits from %j to %j, counted up to %i: %i', (a, b, limit, edits) => {
    expect(editDistance(codePoints(a), codePoints(b), limit)).toBe(edits);
  });

  it.each([
    ['contract', 'contract', 1],
    ['contr', 'contract', 0.9],
    ['kontract', 'contract', 0.8],
    ['cnotract', 'contract', 0.8],
    ['contrcat', 'contract', 0.8],
    ['kontrakt', 'contract', 0.65],
    ['law', 'low', 0],
    ['lwa', 'law', 0],
    ['contrsct', 'contracts', 0.65],
    ['contrsc', 'contractual', 0.6],
    ['x', 'xylophone', 0],
  ])('matches the query word %j to the label word %j with %f', (query, word, score) => {
    expect(wordMatch(query, word)).toBe(score);
  });

  it('scores words in any order alike but for a small mark for the label order, and needs half the query words', () => {
    const label = words('Breach of Contract');
    expect(labelScore(words('breach of contract'), label)).toBe(1);
    expect(labelScore(words('contract breach of'), label)).toBeLessThan(1);
    expect(labelScore(words('contract breach of'), label)).toBeGreaterThan(0.95);
    expect(labelScore(words('breach'), label)).toBeLessThan(labelScore(words('breach'), words('breach')));
    expect(labelScore(words('breach zebra yak'), label)).toBe(0);
  });

  it('ranks each entity once by its best label; ties go to the rdfs:label, then the shorter label, then the lower number', () => {
    const candidates: LabelCandidate[] = [
      { entity: 2, words: words('Contract Law'), primary: false },
      { entity: 1, words: words('Contract Law'), primary: true },
      { entity: 0, words: words('Law of Contracts'), primary: true },
      { entity: 3, words: words('Contract Law'), primary: true },
      { entity: 2, words: words('Tort'), primary: true },
    ];
    expect(rankLabels(words('contract law'), candidates, 10).map(([entity]) => entity)).toEqual([1, 3, 2, 0]);
    expect(rankLabels(words('contract law'), candidates, 2)).toHaveLength(2);
    expect(rankLabels(words('tort'), candidates, 10)).toEqual([[2, 1]]);
  });
});
