import type { SearchSource } from './search-entities.ts';
import { SEARCH_CLIENT_FILE, SEARCH_TEXT_FILE } from '../route/paths.ts';
import { DEFAULT_BUDGETS, indexSearchSource, type IndexStream, type PreviousIndex, type SearchIndex } from './build-search-index.ts';
import { searchClientSource, searchTextSource } from './client-source.ts';
import { foldJson, type FoldMemo } from './fold-table.ts';
import type { SearchMemo } from './search-memo.ts';
import { answerWordExamples, type WordExamples } from './word-examples.ts';
import { emitWordIndexes } from './word-indexes.ts';

/** What emitSearch makes: the index, with its memo's fold table worked out, and openapi.json's word search examples. */
export type EmittedSearch = Omit<SearchIndex, 'entities' | 'memo'> & { memo: SearchMemo & { fold: FoldMemo }; examples?: WordExamples };

/**
 * Everything search needs: the prefix index, the label and definition indexes, the client module, the core's
 * text functions for the search box, and the fold table for handlers that cannot normalise.
 */
export async function emitSearch(source: SearchSource, previous?: PreviousIndex, stream?: IndexStream): Promise<EmittedSearch> {
  const index = indexSearchSource(source, DEFAULT_BUDGETS, previous, stream);
  // Streamed, the word indexes' files are handed over as they are made.
  const words = emitWordIndexes(source, DEFAULT_BUDGETS.fileGzip, previous, stream?.handOff);
  const examples = source.examples && (await answerWordExamples(words.made, source.examples, words.keptExamples));
  const fold = foldJson(index.memo.characters, previous?.memo.fold);
  const { stats } = index;
  return {
    files: [
      ...index.files,
      ...words.files,
      { path: SEARCH_CLIENT_FILE, contents: searchClientSource() },
      { path: SEARCH_TEXT_FILE, contents: searchTextSource() },
    ],
    carried: new Map([...index.carried, ...words.carried]),
    stats: {
      ...stats,
      files: stats.files + words.stats.files,
      bytes: stats.bytes + words.stats.bytes,
      gzipBytesAtMost: stats.gzipBytesAtMost + words.stats.gzipBytesAtMost,
      oversized: [...stats.oversized, ...words.stats.oversized],
    },
    memo: { ...index.memo, fold, words: { ...words.memo, ...(examples ? { examples: JSON.stringify(examples) } : {}) } },
    ...(examples ? { examples } : {}),
  };
}
