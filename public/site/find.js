// Pagefind's own UI over the concept pages, with the top-level branch filter it indexed.
const base = document.body.dataset.base ?? '';
// eslint-disable-next-line no-undef
new PagefindUI({ element: '#find', bundlePath: `${base}/pagefind/`, showSubResults: false, resetStyles: false });
