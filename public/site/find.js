// Pagefind's own UI over the concept pages, with the top-level branch filter it indexed.
const base = document.body.dataset.base ?? '';
// A page laid out for GitHub Pages is the file {id}/html.html; GitHub answers its seed URL, /{id}/html.
const seedUrl = (result) => ({ ...result, url: result.url.replace(/\/html\.html$/, '/html') });
// eslint-disable-next-line no-undef
new PagefindUI({ element: '#find', bundlePath: `${base}/pagefind/`, showSubResults: false, resetStyles: false, processResult: seedUrl });
