// Where label search looks a word up and where the build stores it (generator/search/core/word-layout.js): a query
// with a typo in the letters a word is keyed by must be looked up under one of the keys the word is stored under.
import { describe, expect, it } from 'vitest';
import { fallbackKey, queryKey, splitSet, storedKeys, typoForms } from '../generator/search/core/search-core.js';

const SPLIT = splitSet(['co', 'con', 'cont', 'constructor']);

describe('label keys', () => {
  it.each([
    // word, query, the query's key
    ['law', 'law', 'pla'],
    ['law', 'la', 'pla'],
    ['contract', 'contract', 'pcontr'],
    ['contract', 'ocntract', 'poc'],
    ['contract', 'cntract', 'pcn'],
    ['contract', 'cotract', 'pcot'],
    ['contract', 'cotnract', 'pcot'],
    ['contract', 'conrtact', 'pconr'],
    ['contract', 'conract', 'pconr'],
    ['contract', 'contarct', 'pconta'],
    ['court', 'cuort', 'pcu'],
    ['court', 'ocurt', 'poc'],
  ])('%s is stored under the key a query "%s" is looked up under (%s)', (word, query, key) => {
    expect(queryKey(query, SPLIT)).toBe(key);
    expect(storedKeys(word, SPLIT)).toContain(key);
  });

  it('a key leaves the word its ending (2 letters up to 6, then 3): a word being typed is looked up under a split beginning', () => {
    expect(['co', 'con', 'cont', 'conte', 'contr', 'contra', 'contrac'].map((query) => queryKey(query, SPLIT))).toEqual([
      'pco',
      'pco',
      'pco',
      'pcon',
      'pcon',
      'pcont',
      'pcont',
    ]);
  });

  it('other beginnings are not split, and "constructor" is a beginning like any other', () => {
    expect(queryKey('constructors', SPLIT)).toBe('pcons');
    expect(queryKey('constructor', splitSet([]))).toBe('pco');
    // A word whose beginning is named like an Object.prototype member: the split set is looked up for its own entries only.
    expect(queryKey('constructorship', splitSet(['co', 'con', 'cons', 'const', 'constr', 'constru', 'construc', 'construct', 'constructo']))).toBe(
      'pconstructor',
    );
  });

  it('typo forms drop or swap only the letters a word is keyed by', () => {
    expect(typoForms('law', splitSet([]))).toEqual(['aw', 'lw', 'alw', 'lwa']);
    // Keyed by "contr": its five letters dropped one by one, and its four pairs of neighbours swapped, and its last with the next.
    expect(typoForms('contract', SPLIT)).toEqual([
      'ontract',
      'cntract',
      'cotract',
      'conract',
      'contact',
      'ocntract',
      'cnotract',
      'cotnract',
      'conrtact',
      'contarct',
    ]);
  });

  it('a replaced or added letter in the key is found by the ending and the length', () => {
    expect(storedKeys('contract', SPLIT)).toEqual(expect.arrayContaining([fallbackKey('xontract'), fallbackKey('xcontract'), fallbackKey('coxtract')]));
    expect(fallbackKey('xontract')).toBe('sact8');
    // Short words keep two letters for their ending: "court" is keyed "cou", a typo there leaves "rt".
    expect(queryKey('court', SPLIT)).toBe('pcou');
    expect(storedKeys('court', SPLIT)).toEqual(expect.arrayContaining([fallbackKey('coxrt'), fallbackKey('coxurt')]));
    expect(fallbackKey('coxrt')).toBe('srt5');
  });
});
