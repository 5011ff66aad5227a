import type { MessagePort } from 'node:worker_threads';
import type { EmittedSearch } from '../search/emit-search.ts';
import type { SearchSource } from '../search/search-entities.ts';
import type { SearchLabel } from '../search/search-label.ts';

export interface SearchThreadInput {
  /** The search source with its labels as plain data (a class's own fields do not cross to a thread). */
  source: Omit<SearchSource, 'labels'> & { labels: (readonly SearchLabel[])[] };
  /** The write thread's BatchFlow: the index's batches count towards it before they are sent. */
  flow: SharedArrayBuffer;
  /** Where the index's batches go: straight to the write thread (see FileSink.port). */
  port: MessagePort;
}

export type SearchThreadMessage = { type: 'done'; index: EmittedSearch } | { type: 'failed'; text: string };
