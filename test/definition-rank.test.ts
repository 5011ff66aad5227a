// Definition search's ranking (generator/search/core/definition-*.js): stems, stop words, BM25 and the phrase bonus.
import { describe, expect, it } from 'vitest';
import { rankDefinitions } from '../generator/search/core/definition-rank.js';
import { definitionTerms } from '../generator/search/core/definition-text.js';
import { definitionPostings, wholeList } from '../generator/search/definition-postings.ts';

const DEFINITIONS = [
  'A breach of contract occurs when a party fails to perform the obligations of the contract.',
  'A contract is an agreement between parties; its breach gives the other party remedies.',
  'A tort is a civil wrong, other than a breach of contract, that causes harm.',
  null,
  'Damages are money awarded to a party for a loss, including losses from contracting parties.',
];

function search(query: string, limit = 10): number[] {
  const { postings, stats } = definitionPostings(DEFINITIONS);
  return rankDefinitions(definitionTerms(query), (term) => wholeList(postings.get(term)), stats, limit).map(([document]) => document);
}

describe('definition search', () => {
  it.each([
    ['The parties to the Contracts', ['parti', 'contract']],
    ['Breaching, breached, breaches', ['breach', 'breach', 'breach']],
    ['of the and to', []],
    ['Zürich’s courts', ['zurich', 's', 'court']],
  ])('reads %j as the terms %j', (text, terms) => {
    expect(definitionTerms(text)).toEqual(terms);
  });

  it.each([
    ['a phrase ranks the text that holds it first', 'breach of contract occurs', [0]],
    ['words next to each other in order beat the same words apart, and more of them', 'contract party', [4]],
    ['an inflection changed still finds the text', 'contracted parties', [4, 1]],
    ['a query of stop words finds nothing', 'of the', []],
    ['a word no definition has finds nothing', 'xylophone', []],
  ])('%s', (_, query, first) => {
    expect(search(query).slice(0, first.length)).toEqual(first);
  });

  it("reads words named like Object's own properties as words like any other", () => {
    expect(search('contract constructor constructor hasOwnProperty').sort()).toEqual([0, 1, 2, 4]);
  });

  it('counts the documents without a definition in no list, and ranks ties by document number', () => {
    const { stats } = definitionPostings(DEFINITIONS);
    expect(stats.count).toBe(4);
    expect(search('party')).not.toContain(3);
    expect(search('party', 2)).toHaveLength(2);
  });
});

describe('definition search scores', () => {
  it('lie in [0, 1], best first, and the query that is a whole definition scores highest', () => {
    const { postings, stats } = definitionPostings(DEFINITIONS);
    const query = definitionTerms(DEFINITIONS[2] as string);
    const ranked = rankDefinitions(query, (term) => wholeList(postings.get(term)), stats, 10);
    expect(ranked[0][0]).toBe(2);
    for (const [, score] of ranked) expect(score).toBeGreaterThan(0);
    for (const [, score] of ranked) expect(score).toBeLessThanOrEqual(1);
    expect(ranked.map(([, score]) => score)).toEqual([...ranked.map(([, score]) => score)].sort((a, b) => b - a));
    expect(ranked[0][1]).toBeGreaterThan(0.5);
  });
});

describe('definition search over cut lists', () => {
  const { postings, stats } = definitionPostings(DEFINITIONS);
  // The lists as a file of the index holds them, with the given stems' lists cut to nothing (their counts kept, at least 1).
  const rank = (query: string, cut: readonly string[]) =>
    rankDefinitions(
      definitionTerms(query),
      (term) => {
        const whole = wholeList(postings.get(term));
        return cut.includes(term) ? { frequency: Math.max(1, whole.frequency), postings: [] } : whole;
      },
      // Texts read as long ones, so that no score reaches the cap of 1 and the scores compare.
      { ...stats, averageLength: 1 },
      10,
    );

  it.each([
    ['after a listed term', 'tort civil', ['civil']],
    ['before a listed term', 'tort civil', ['tort']],
    ['on both sides of a listed term', 'breach contract occurs', ['breach', 'occur']],
  ])('reads a query term a cut list leaves out from its neighbour %s, as the whole lists would score it', (_, query, cut) => {
    const whole = rank(query, []);
    const read = rank(query, cut);
    expect(whole[0][1]).toBeLessThan(1);
    expect(read[0]).toEqual(whole[0]);
  });

  it('reads nothing from a neighbour the query does not have there', () => {
    const [tortCivil] = rank('tort civil', ['civil']);
    const [tortCriminal] = rank('tort criminal', ['crimin']);
    expect(tortCivil[0]).toBe(2);
    expect(tortCriminal[0]).toBe(2);
    expect(tortCriminal[1]).toBeLessThan(tortCivil[1]);
  });
});
