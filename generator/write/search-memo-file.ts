import { serializeSectioned } from '../cache/sectioned-codec.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import { SideFiles } from './side-files.ts';

/** The search memo's file beside the cache (most of what a cache holds). */
export const SEARCH_MEMO_FILES = new SideFiles('search', 'memo');

/**
 * The search index's memo, written beside the cache as soon as the index is made: the cache file written at the
 * end of a build names it, and its tens of megabytes reach the disk while the build makes the rest.
 */
export class SearchMemoFile {
  readonly name: string;
  /** Settles once the file is in place. */
  readonly written: Promise<void>;

  constructor(folder: string, memo: SearchMemo) {
    const { names, written } = SEARCH_MEMO_FILES.write(folder, [serializeSectioned(memo)]);
    this.name = names[0];
    this.written = written;
  }
}
