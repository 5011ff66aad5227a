// The taxonomy tree: each branch's children come from a small static file when it is opened
// (the top list, then {id}.json in the tree folder, both named by the page); ?id=… opens the path to a
// class, read from the parents in the class records.
const base = document.body.dataset.base ?? '';
const pageLink = document.body.dataset.pageLink ?? `${base}/html/{id}/`;
// An entity's id is its IRI after the base IRI, which may end in "/" or "#".
const baseIri = document.body.dataset.baseIri ?? '';
const root = document.getElementById('tree');
const files = new Map();

function load(path) {
  if (!files.has(path))
    files.set(
      path,
      fetch(path).then((response) => {
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return response.json();
      }),
    );
  return files.get(path);
}

function node([id, label, count]) {
  const item = document.createElement('li');
  item.setAttribute('role', 'treeitem');
  item.dataset.id = id;
  const link = document.createElement('a');
  // An id is already as a URL writes it (its other characters percent-escaped): escaping it again would name another page.
  link.href = pageLink.replace('{id}', id);
  link.textContent = label;
  if (count > 0) {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.textContent = '▸';
    toggle.setAttribute('aria-label', `Show the ${count} children of ${label}`);
    toggle.setAttribute('aria-expanded', 'false');
    toggle.addEventListener('click', () => expand(item));
    item.append(toggle, ' ');
    item.setAttribute('aria-expanded', 'false');
  }
  item.append(link);
  if (count > 0) item.append(` (${count})`);
  return item;
}

async function expand(item) {
  const toggle = item.querySelector(':scope > button');
  const open = toggle.getAttribute('aria-expanded') === 'true';
  const list = item.querySelector(':scope > ul');
  if (open) {
    list?.remove();
    toggle.setAttribute('aria-expanded', 'false');
    item.setAttribute('aria-expanded', 'false');
    toggle.textContent = '▸';
    return;
  }
  const children = await load(`${root.dataset.folder}${item.dataset.id}.json`);
  const group = document.createElement('ul');
  group.setAttribute('role', 'group');
  group.append(...children.map(node));
  item.append(group);
  toggle.setAttribute('aria-expanded', 'true');
  item.setAttribute('aria-expanded', 'true');
  toggle.textContent = '▾';
}

// The path from a top class down to `id`, following first parents found in the tree.
async function pathTo(id) {
  const path = [id];
  for (let current = id; path.length < 64; ) {
    const record = await fetch(`${base}/${current}`).then((response) => (response.ok ? response.json() : undefined));
    const parent = record?.sub_class_of?.filter((iri) => iri.startsWith(baseIri) && iri.length > baseIri.length).map((iri) => iri.slice(baseIri.length))[0];
    if (!parent) break;
    path.unshift(parent);
    current = parent;
  }
  return path;
}

async function start() {
  const top = await load(root.dataset.top);
  const list = document.createElement('ul');
  list.append(...top.map(node));
  root.replaceChildren(list);
  const wanted = new URLSearchParams(location.search).get('id');
  if (!wanted) return;
  for (const id of await pathTo(wanted)) {
    const item = root.querySelector(`li[data-id="${CSS.escape(id)}"]`);
    if (!item) break;
    if (id === wanted) {
      item.classList.add('current');
      item.scrollIntoView({ block: 'center' });
      break;
    }
    if (item.getAttribute('aria-expanded') === 'false') await expand(item);
  }
}

start().catch((error) => {
  root.textContent = `The tree could not be loaded (${error.message}).`;
});
