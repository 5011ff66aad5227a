import type { SearchSource } from './search-entities.ts';
import { SEARCH_CLIENT_FILE, SEARCH_TEXT_FILE } from '../route/paths.ts';
import { DEFAULT_BUDGETS, indexSearchSource, type IndexStream, type PreviousIndex, type SearchIndex } from './build-search-index.ts';
import { searchClientSource, searchTextSource } from './client-source.ts';
import { foldJson, type FoldMemo } from './fold-table.ts';
import type { SearchMemo } from './search-memo.ts';

/** What emitSearch makes: the index, with its memo's fold table worked out. */
export type EmittedSearch = Omit<SearchIndex, 'entities' | 'memo'> & { memo: SearchMemo & { fold: FoldMemo } };

/** Everything prefix search needs: the index, its client module, the core's text functions for the search box, and the fold table for handlers that cannot normalise. */
export function emitSearch(source: SearchSource, previous?: PreviousIndex, stream?: IndexStream): EmittedSearch {
  const index = indexSearchSource(source, DEFAULT_BUDGETS, previous, stream);
  const fold = foldJson(index.memo.characters, previous?.memo.fold);
  return {
    files: [...index.files, { path: SEARCH_CLIENT_FILE, contents: searchClientSource() }, { path: SEARCH_TEXT_FILE, contents: searchTextSource() }],
    carried: index.carried,
    stats: index.stats,
    memo: { ...index.memo, fold },
  };
}
