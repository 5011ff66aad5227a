// A concept page: the view (concept-view.ts) walked into markup. The build renders 18,000 of these itself, at the
// cost of the strings alone; the dev server shows the same article through src/concept/ConceptPage.astro.
import type { ConceptView, RelatedLink } from './concept-view.ts';
import { attribute, html, Markup } from './html.ts';
import { pageDocument, type PageLayout } from './page-layout.ts';

/** The whole page: the site's frame, the JSON-LD in its head, the article. */
export function conceptPage(view: ConceptView, layout: PageLayout): string {
  return pageDocument(layout, { title: view.title, description: view.definition, head: conceptHead(view), main: conceptArticle(view) });
}

/** The entity's JSON-LD: the same bytes as its `/{id}/jsonld` file, whose "<" is escaped, so it cannot end the script. */
export function conceptHead(view: ConceptView): Markup {
  return html`<script type="application/ld+json">${new Markup(view.jsonld)}</script>`;
}

/** Everything Pagefind indexes is in the article: the title, the definition, the alternative labels, the branch filter. */
export function conceptArticle(view: ConceptView): Markup {
  return html`<article data-pagefind-body${attribute('data-pagefind-filter', `branch:${view.branch}`)}>${[
    html`<p class="kind" data-pagefind-ignore>${view.kind}</p><h1 data-pagefind-meta="title">${view.title}</h1>`,
    view.deprecated && html`<p class="deprecated" role="note">Deprecated</p>`,
    html`<p class="iri" data-pagefind-ignore>IRI: <code>${view.iri}</code></p>`,
    view.definition && html`<section><h2 data-pagefind-ignore>Definition</h2><p class="definition">${view.definition}</p></section>`,
    labels(view),
    html`<div data-pagefind-ignore>${unindexed(view)}</div>`,
  ]}</article>`;
}

function labels(view: ConceptView): Markup {
  const alternatives = view.alternativeLabels;
  return html`<section><h2 data-pagefind-ignore>Labels</h2><dl data-pagefind-ignore>${terms(view.labelTerms)}</dl>${[
    alternatives.length > 0 && html`<h3 data-pagefind-ignore>Alternative labels</h3><ul>${alternatives.map((label) => html`<li>${label}</li>`)}</ul>`,
    view.translations.length > 0 && translations(view.translations),
  ]}</section>`;
}

function translations(pairs: readonly [string, string][]): Markup {
  const rows = pairs.map(
    ([language, label]) => html`<tr><td${attribute('lang', language)}><code>${language}</code></td><td${attribute('lang', language)}>${label}</td></tr>`,
  );
  return html`<div data-pagefind-ignore><h3>Translations</h3><table class="translations"><thead><tr><th>Language</th><th>Label</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** What the full-text index leaves out: examples, notes, the other terms, relations, downloads. */
function unindexed(view: ConceptView): Markup[] {
  return [
    list('Examples', view.examples),
    list('Notes', view.notes),
    view.moreTerms.length > 0 ? html`<section><h2>More</h2><dl>${terms(view.moreTerms)}</dl></section>` : html``,
    ...view.related.map(
      ({ heading, links }) => html`<section><h2>${heading}</h2><ul>${links.map((link) => html`<li>${relatedLink(link)}</li>`)}</ul></section>`,
    ),
    view.definedBy ? html`<p>Defined by <a${attribute('href', view.definedBy)} rel="external noopener">${view.definedBy}</a></p>` : html``,
    html`<section><h2>Download</h2><ul class="downloads">${view.downloads.map(
      (download) => html`<li><a${attribute('href', download.href)}>${download.label}</a> <code>${download.url}</code></li>`,
    )}</ul></section>`,
    view.treeHref ? html`<p><a${attribute('href', view.treeHref)}>Show in the tree</a></p>` : html``,
  ];
}

function list(heading: string, items: readonly string[]): Markup {
  return items.length > 0 ? html`<section><h2>${heading}</h2><ul>${items.map((item) => html`<li>${item}</li>`)}</ul></section>` : html``;
}

function relatedLink(link: RelatedLink): Markup {
  return link.href ? html`<a${attribute('href', link.href)}>${link.text}</a>` : html`<code>${link.text}</code>`;
}

function terms(pairs: readonly [string, string][]): Markup[] {
  return pairs.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`);
}
