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
    ['contract', 'contr', 'pcontr'],
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

  it('a split beginning typed whole is a key of its own; other beginnings are not split, "constructor" is an own key', () => {
    expect(['co', 'con', 'cont', 'conte'].map((query) => queryKey(query, SPLIT))).toEqual(['pco', 'pcon', 'pcont', 'pconte']);
    expect(queryKey('constructors', SPLIT)).toBe('pcons');
    expect(queryKey('constructor', splitSet([]))).toBe('pco');
    expect(queryKey('constructor', splitSet(['co', 'con', 'cons', 'const', 'constr', 'constru', 'construc', 'construct', 'constructo']))).toBe('pconstructor');
  });

  it('typo forms drop or swap only the letters a word is keyed by', () => {
    expect(typoForms('law', splitSet([]))).toEqual(['aw', 'lw', 'alw']);
    // Keyed by "contr": its five letters dropped one by one, and its four pairs of neighbours swapped.
    expect(typoForms('contract', SPLIT)).toEqual(['ontract', 'cntract', 'cotract', 'conract', 'contact', 'ocntract', 'cnotract', 'cotnract', 'conrtact']);
  });

  it('a replaced or added first letter is found by the last three letters and the length', () => {
    expect(storedKeys('contract', SPLIT)).toEqual(expect.arrayContaining([fallbackKey('xontract'), fallbackKey('xcontract')]));
    expect(fallbackKey('xontract')).toBe('sact8');
  });
});
