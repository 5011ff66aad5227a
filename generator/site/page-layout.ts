// The frame every page of the site shares: head tags, the site header, the body's data for the scripts. The Astro
// layout (src/layouts/Base.astro) is made of these parts, and so are the concept pages the build renders itself.
import { ASSETS_FOLDER, SITE_PAGES } from '../route/paths.ts';
import type { Router } from '../route/router.ts';
import { attribute, attributes, html, type Markup } from './html.ts';
import type { SiteSummary } from './site-model.ts';

export interface PageLayout {
  /** The ontology's title, the site's name. */
  site: string;
  /** The deployment's path prefix ("" at a domain root). */
  base: string;
  /** What the body tells the scripts: the base, how a concept page's link is made, the base IRI. */
  body: Readonly<Record<string, string>>;
  header: Markup;
}

/** What one page puts in the frame. */
export interface PageContent {
  title: string;
  description?: string | null;
  /** More of the head, after the site's own tags. */
  head?: Markup;
  main: Markup;
}

export function pageLayout({ router, summary }: { router: Router; summary: SiteSummary }): PageLayout {
  const site = summary.title ?? 'Ontology';
  const base = router.basePath;
  return {
    site,
    base,
    // The scripts link to concept pages as this layout serves them: html/{id}/, or {id}/html on GitHub Pages.
    body: { 'data-base': base, 'data-page-link': router.pageLinkPath('{id}'), 'data-base-iri': summary.baseIri },
    header: html`<header><a class="brand"${attribute('href', `${base}/`)}>${site}</a><nav aria-label="Site"><a${attribute('href', `${base}/${SITE_PAGES.tree}/`)}>Tree</a><a${attribute('href', `${base}/${SITE_PAGES.find}/`)}>Full-text search</a><a${attribute('href', `${base}/docs/`)}>API docs</a><a${attribute('href', `${base}/openapi.json`)}>openapi.json</a></nav></header>`,
  };
}

/** The head's own tags: character set, viewport, title, description, the site's style sheet. */
export function headTags(layout: PageLayout, title: string, description?: string | null): Markup {
  return html`<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title === layout.site ? layout.site : `${title} — ${layout.site}`}</title>${description && html`<meta name="description"${attribute('content', description)}>`}<link rel="stylesheet"${attribute('href', `${layout.base}/${ASSETS_FOLDER}/site.css`)}>`;
}

/** A whole page, as Base.astro renders the same content. */
export function pageDocument(layout: PageLayout, page: PageContent): string {
  return `<!DOCTYPE html><html lang="en"><head>${headTags(layout, page.title, page.description).html}${page.head?.html ?? ''}</head><body${attributes(layout.body).html}>${layout.header.html}<main>${page.main.html}</main></body></html>`;
}
