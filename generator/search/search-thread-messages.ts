import type { FileBatch } from '../write/file-batch.ts';
import type { SearchIndex } from './build-search-index.ts';
import type { SearchSource } from './search-entities.ts';

export interface SearchThreadInput {
  source: SearchSource;
  baseUrl: string;
  /** Queries the build answers itself: their shards and the entry file come back with the result. */
  answering: string[];
  /** The write thread's BatchFlow: the index's batches count towards it before they are sent. */
  flow: SharedArrayBuffer;
}

export type SearchThreadMessage =
  | { type: 'files'; batch: FileBatch }
  | { type: 'done'; index: Omit<SearchIndex, 'entities'> }
  | { type: 'failed'; text: string };
