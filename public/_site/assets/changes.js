// The home page's "In this build": what changes.json says moved since the previous build in the same folder (a
// first build has nothing to compare with, and says nothing).
const base = document.body.dataset.base ?? '';
const pageLink = document.body.dataset.pageLink ?? `${base}/html/{id}/`;
const section = document.getElementById('changes');
const MOST_SHOWN = 12;

const changes = await fetch(`${base}/changes.json`)
  .then((response) => (response.ok ? response.json() : undefined))
  .catch(() => undefined);
if (changes?.since_previous_build) {
  const kinds = [
    ['added', 'added'],
    ['changed', 'changed'],
    ['removed', 'removed'],
  ].map(([key, word]) => [word, changes[key] ?? []]);
  document.getElementById('changes-summary').textContent = kinds.map(([word, ids]) => `${ids.length} ${word}`).join(', ');
  const list = document.getElementById('changes-list');
  for (const [word, ids] of kinds) {
    for (const id of ids.slice(0, MOST_SHOWN)) {
      const item = document.createElement('li');
      // A removed term has no page any more: its id alone.
      const name = word === 'removed' ? document.createElement('code') : Object.assign(document.createElement('a'), { href: pageLink.replace('{id}', id) });
      name.textContent = id;
      item.append(name, ` ${word}`);
      list.append(item);
    }
  }
  section.hidden = false;
}
