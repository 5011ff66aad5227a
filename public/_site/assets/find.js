// Pagefind's own UI over the concept pages, with the top-level branch filter it indexed. Its index is not at
// the site root, so result URLs are given the site's base rather than worked out from the index's folder.
const base = document.body.dataset.base ?? '';
// A page laid out for GitHub Pages is the file {id}/html.html; GitHub answers its seed URL, /{id}/html.
const seedUrl = (result) => ({ ...result, url: result.url.replace(/\/html\.html$/, '/html') });
// eslint-disable-next-line no-undef
new PagefindUI({
  element: '#find',
  bundlePath: document.getElementById('find').dataset.bundlePath,
  baseUrl: `${base}/`,
  showSubResults: false,
  resetStyles: false,
  processResult: seedUrl,
});
// Pagefind's input has no label of its own to see: the page's label names it.
const input = document.querySelector('#find input');
if (input) input.id = 'find-query';
