import { INDEX_FILE, WORDS_FILE } from '../search/core/search-core.js';

// Cache-Control values the host adapters send: five minutes for files a build may change (the search entry
// file; on S3 every object), a check with the host on every use for the search shards (named after where they
// begin, so an edit rewrites them in place), a year for the rest and chunk files (named by their content's hash).
export const SHORT_CACHE = 'public, max-age=300';
export const REVALIDATE_CACHE = 'public, no-cache';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Each folder of the search index (below `search/`) and how long its files may be cached. */
export const SEARCH_FOLDER_CACHE: readonly (readonly [folder: string, cacheControl: string])[] = [
  ['s', REVALIDATE_CACHE],
  ['r', IMMUTABLE_CACHE],
  ['c', IMMUTABLE_CACHE],
  // Label and definition search's files, named by a hash of the words they hold: rewritten in place.
  ['l', REVALIDATE_CACHE],
  ['d', REVALIDATE_CACHE],
];

/** The search index's entry files (prefix search's, and label and definition search's), which every build rewrites. */
export const SEARCH_ENTRY_FILES: readonly string[] = [INDEX_FILE, WORDS_FILE];
