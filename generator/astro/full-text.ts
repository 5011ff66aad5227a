import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { FULL_TEXT_FOLDER } from '../route/paths.ts';

const MAX_FRAGMENT_FILES = 1000;

/**
 * Starts Pagefind over the concept pages (labels and definitions), the files `pagesGlob` matches. Pagefind is its own process, so it
 * reads the pages while this one goes on writing; `finish` writes its index beside them and returns the
 * page count.
 */
export async function startIndexingPages(siteFolder: string, pagesGlob: string): Promise<{ finish(): Promise<number> }> {
  // Fragments bundled into shared files: 18,000 pages otherwise mean 18,000 more files to write and upload.
  const { index, errors } = await pagefind.createIndex({ maxFragments: MAX_FRAGMENT_FILES });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const adding = index.addDirectory({ path: siteFolder, glob: pagesGlob });
  // One turn of the event loop sends the request before the caller blocks on its own writes.
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
  };
}
