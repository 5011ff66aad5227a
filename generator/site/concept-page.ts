// A concept page: the view (concept-view.ts) walked into markup. The build renders 18,000 of these itself, at the
// cost of the strings alone; the dev server shows the same article through src/concept/ConceptPage.astro.
import type { ConceptView, RelatedLink, RelatedSection, Translation } from './concept-view.ts';
import { attribute, html, Markup } from './html.ts';
import { graphFigure } from './neighbourhood-graph.ts';
import { pageDocument, type PageLayout } from './page-layout.ts';

/** The whole page: the site's frame, the JSON-LD in its head, the article. */
export function conceptPage(view: ConceptView, layout: PageLayout): string {
  return pageDocument(layout, { title: view.title, description: view.definition, head: conceptHead(view), main: conceptArticle(view) });
}

/**
 * What a search engine or a shared link reads of the page: its canonical URL (the seed's `/{id}/html`) and Open Graph's
 * title and description; the entity's JSON-LD, the same bytes as its `/{id}/jsonld` file, whose "<" is escaped, so it
 * cannot end the script; the page's script.
 */
export function conceptHead(view: ConceptView): Markup {
  return html`<link rel="canonical"${attribute('href', view.canonical)}><meta property="og:type" content="article"><meta property="og:title"${attribute('content', view.title)}><meta property="og:url"${attribute('content', view.canonical)}>${view.definition && html`<meta property="og:description"${attribute('content', view.definition)}>`}<script type="application/ld+json">${new Markup(view.jsonld)}</script><script type="module"${attribute('src', view.script)}></script>`;
}

/** Everything Pagefind indexes is in the article: the title, the definition, the alternative labels, the branch filter. */
export function conceptArticle(view: ConceptView): Markup {
  return html`<article class="concept" data-pagefind-body${attribute('data-pagefind-filter', `branch:${view.branch}`)}>${[
    trails(view),
    html`<p class="kind" data-pagefind-ignore>${view.kind}</p><h1 data-pagefind-meta="title">${view.title}</h1>`,
    view.deprecated && html`<p class="deprecated" role="note">Deprecated</p>`,
    html`<p class="iri" data-pagefind-ignore>IRI: <code>${view.iri}</code> <button type="button" class="copy"${attribute('data-copy', view.iri)} hidden>Copy IRI</button></p>`,
    view.definition && html`<section><h2 data-pagefind-ignore>Definition</h2><p class="definition">${view.definition}</p></section>`,
    view.graph && graphFigure(view.graph, view.title),
    view.related.length > 0 && html`<div class="related" data-pagefind-ignore>${view.related.map(relatedSection)}</div>`,
    view.siblings && siblings(view.siblings),
    labels(view),
    html`<div data-pagefind-ignore>${unindexed(view)}</div>`,
  ]}</article>`;
}

/** Every path from the root to the term, as breadcrumbs: one list each, the term itself last. */
function trails(view: ConceptView): Markup | false {
  if (view.trails.length === 0) return false;
  const trail = (links: readonly RelatedLink[]) =>
    html`<ol>${links.map((link) => html`<li>${relatedLink(link)}</li>`)}<li aria-current="page">${view.title}</li></ol>`;
  return html`<nav class="trails"${attribute('aria-label', view.trails.length > 1 ? 'Paths from the root' : 'Path from the root')} data-pagefind-ignore>${view.trails.map(trail)}</nav>`;
}

/** The parent's other children, listed when opened (concept.js reads the parent's tree file); a link to them in the tree without it. */
function siblings({ self, label, file, count, treeHref }: NonNullable<ConceptView['siblings']>): Markup {
  return html`<details class="siblings"${attribute('data-file', file)}${attribute('data-self', self)} data-pagefind-ignore><summary>${count} sibling${count === 1 ? '' : 's'} under ${label}</summary><p class="more"><a${attribute('href', treeHref)}>See them in the tree</a></p></details>`;
}

function relatedSection({ heading, links, more }: RelatedSection): Markup {
  return html`<section><h2>${heading}${links.length > 1 && html` <span class="count">${more?.count ?? links.length}</span>`}</h2><ul>${links.map(
    (link) => html`<li>${relatedLink(link)}${link.count !== undefined && html` <span class="count" title="children">${link.count}</span>`}</li>`,
  )}</ul>${more && html`<p class="more"><a${attribute('href', more.href)}>All ${more.count} in the tree</a></p>`}</section>`;
}

function labels(view: ConceptView): Markup {
  const alternatives = view.alternativeLabels;
  return html`<section><h2 data-pagefind-ignore>Labels</h2><dl data-pagefind-ignore>${terms(view.labelTerms)}</dl>${[
    alternatives.length > 0 && html`<h3 data-pagefind-ignore>Alternative labels</h3><ul>${alternatives.map((label) => html`<li>${label}</li>`)}</ul>`,
    view.translations.length > 0 && translations(view.translations),
  ]}</section>`;
}

function translations(rows: readonly Translation[]): Markup {
  const row = ({ tag, language, label, dir }: Translation) =>
    html`<tr><td>${language} <code>${tag}</code></td><td${attribute('lang', tag)}${attribute('dir', dir)}>${label}</td></tr>`;
  return html`<div data-pagefind-ignore><h3>Translations</h3><table class="translations"><thead><tr><th>Language</th><th>Label</th></tr></thead><tbody>${rows.map(row)}</tbody></table></div>`;
}

/** What the full-text index leaves out: examples, notes, the other terms, downloads, how to cite. */
function unindexed(view: ConceptView): Markup[] {
  return [
    list('Examples', view.examples),
    list('Notes', view.notes),
    view.moreTerms.length > 0 ? html`<section><h2>More</h2><dl>${terms(view.moreTerms)}</dl></section>` : html``,
    view.definedBy ? html`<p>Defined by <a${attribute('href', view.definedBy)} rel="external noopener">${view.definedBy}</a></p>` : html``,
    html`<section><h2>Download</h2><ul class="downloads">${view.downloads.map(
      (download) => html`<li><a${attribute('href', download.href)}>${download.label}</a> <code>${download.url}</code></li>`,
    )}</ul></section>`,
    html`<section class="cite"><h2>Cite this</h2><p>${view.cite}<span class="accessed"></span></p></section>`,
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
