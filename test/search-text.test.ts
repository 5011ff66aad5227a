// The search core's text functions: where a query matched a label, as the site's search box marks it.
import { describe, expect, it } from 'vitest';
import { matchedSpan } from '../generator/search/core/search-text.js';

describe('matchedSpan', () => {
  it.each([
    ['Breach of Contract', 'contr', [10, 15]],
    ['Breach of Contract', 'breach of c', [0, 11]],
    ['Zürich Law', 'zur', [0, 3]],
    ['ＬＡＷ firm', 'law', [0, 3]],
    ['Contract-Law', 'law', [9, 12]],
    ['𝔏aw Review', 'law', [0, 3]],
    ['Law', 'aw', undefined],
    ['Law', '!!', undefined],
    ['Tort', 'law', undefined],
  ])('marks in %j the query %j at %j', (label, query, span) => {
    expect(matchedSpan(label, query)).toEqual(span);
  });
});
