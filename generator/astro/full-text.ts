import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { PAGES_FOLDER } from '../route/router.ts';

export const FULL_TEXT_FOLDER = 'pagefind';

/** Pagefind over the concept pages (labels and definitions), written beside them; returns the page count. */
export async function indexPages(siteFolder: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: siteFolder, glob: `${PAGES_FOLDER}/*/index.html` });
    if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(siteFolder, FULL_TEXT_FOLDER) });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}
