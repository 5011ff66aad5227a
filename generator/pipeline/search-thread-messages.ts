import type { FileBatch } from '../write/file-batch.ts';
import type { EmittedSearch } from '../search/emit-search.ts';
import type { SearchSource } from '../search/search-entities.ts';

export interface SearchThreadInput {
  source: SearchSource;
  /** The write thread's BatchFlow: the index's batches count towards it before they are sent. */
  flow: SharedArrayBuffer;
}

export type SearchThreadMessage = { type: 'files'; batch: FileBatch } | { type: 'done'; index: EmittedSearch } | { type: 'failed'; text: string };
