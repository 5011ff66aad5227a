import type { OutputFile } from '../emit/emit-api.ts';
import { conceptPage } from './concept-page.ts';
import { conceptView } from './concept-view.ts';
import { pageLayout } from './page-layout.ts';
import { summarizeSite, type SiteModel } from './site-model.ts';

// Small enough that the pages' strings die young (the receiver encodes them as they come), large enough to cost little.
const HAND_OFF_PAGES = 200;

/**
 * Every entity's concept page, where the router puts it (Router.pageFile), handed to `add` a few hundred at a
 * time. Astro's page pipeline cost 0.6 ms a page; these cost the strings, tens of microseconds a page.
 */
export function emitConceptPages(site: SiteModel, add: (pages: OutputFile[]) => void): void {
  const layout = pageLayout({ router: site.router, summary: summarizeSite(site) });
  let pages: OutputFile[] = [];
  for (const entity of site.model.entities) {
    pages.push({ path: site.router.pageFile(entity.id), contents: conceptPage(conceptView(entity, site), layout) });
    if (pages.length === HAND_OFF_PAGES) {
      add(pages);
      pages = [];
    }
  }
  add(pages);
}
