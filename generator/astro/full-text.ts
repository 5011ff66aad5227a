import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { FULL_TEXT_FOLDER } from '../route/paths.ts';

const MAX_FRAGMENT_FILES = 1000;

/** Pagefind at work on the concept pages. */
export interface PagesIndexing {
  /** Writes the index beside the pages and returns the page count. */
  finish(): Promise<number>;
  /** Stops Pagefind without writing anything. */
  cancel(): Promise<void>;
}

/**
 * Starts Pagefind over the concept pages (labels and definitions), the files `pagesGlob` matches, once they are
 * all written. Pagefind is its own process, so it reads the pages while this one goes on. It is handed a
 * folder, not each page: its service looks each added page up among those added before (18,000² comparisons).
 */
export async function startIndexingPages(siteFolder: string, pagesGlob: string): Promise<PagesIndexing> {
  // Fragments bundled into shared files: 18,000 pages otherwise mean 18,000 more files to write and upload.
  const { index, errors } = await pagefind.createIndex({ maxFragments: MAX_FRAGMENT_FILES });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const adding = index.addDirectory({ path: siteFolder, glob: pagesGlob });
  // Settled in finish; a failure of a cancelled index is of no interest.
  adding.catch(() => {});
  // One turn of the event loop sends the request before the caller blocks on its own work.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    async finish() {
      try {
        const added = await adding;
        if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: join(siteFolder, FULL_TEXT_FOLDER) });
        if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
        return added.page_count;
      } finally {
        await pagefind.close();
      }
    },
    async cancel() {
      await pagefind.close();
    },
  };
}
