import { FolderWriter } from '../write/write-files.ts';
import { conceptPage } from './concept-page.ts';
import { conceptView } from './concept-view.ts';
import { pageLayout } from './page-layout.ts';
import type { SiteData } from './site-data.ts';

/**
 * Writes every entity's concept page where the router puts it (Router.pageFile), with synchronous calls. Astro's
 * page pipeline cost 0.6 ms a page and wrote through promises on libuv's thread pool; these cost the strings.
 */
export function writeConceptPages(outDir: string, site: SiteData): { pages: number; bytes: number } {
  const layout = pageLayout(site);
  const writer = new FolderWriter(outDir);
  for (const entity of site.model.entities) writer.write(site.router.pageFile(entity.id), conceptPage(conceptView(entity, site), layout));
  return { pages: writer.stats.files, bytes: writer.stats.bytes };
}
