// The explorer: the taxonomy tree beside the class selected in it. Each branch's children come from a small static
// file when it is opened (the top list, then {id}.json in the tree folder, both named by the page); ?id=… opens the
// path to a class, read from the parents in the class records. The tree follows WAI-ARIA's tree pattern: one tab
// stop, the arrow keys to move, open and close, Home and End, Enter to show a class (a click shows it too; a click
// with a modifier key opens its page, as links do).
const base = document.body.dataset.base ?? '';
const pageLink = document.body.dataset.pageLink ?? `${base}/html/{id}/`;
// An entity's id is its IRI after the base IRI, which may end in "/" or "#".
const baseIri = document.body.dataset.baseIri ?? '';
const root = document.getElementById('tree');
const details = document.getElementById('details');
const files = new Map();

// Each file fetched once: the promise is kept, so a second open of a branch waits on the same request.
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

const itemOf = (link) => link.closest('li');
const linkOf = (item) => item.querySelector(':scope > a');

function node([id, label, count], level) {
  const item = document.createElement('li');
  item.setAttribute('role', 'none');
  item.dataset.id = id;
  const toggle = document.createElement('span');
  toggle.className = 'toggle';
  toggle.setAttribute('aria-hidden', 'true');
  const link = document.createElement('a');
  link.setAttribute('role', 'treeitem');
  link.setAttribute('aria-level', String(level));
  link.tabIndex = -1;
  // An id is already as a URL writes it (its other characters percent-escaped): escaping it again would name another page.
  link.href = pageLink.replace('{id}', id);
  link.append(Object.assign(document.createElement('span'), { className: 'label', textContent: label }));
  if (count > 0) {
    toggle.textContent = '▸';
    toggle.addEventListener('click', () => (link.getAttribute('aria-expanded') === 'true' ? close(item) : open(item)));
    link.setAttribute('aria-expanded', 'false');
    const size = document.createElement('span');
    size.className = 'count';
    size.textContent = String(count);
    link.append(' ', size);
  }
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(item);
  });
  item.append(toggle, link);
  return item;
}

async function open(item) {
  const link = linkOf(item);
  if (link.getAttribute('aria-expanded') !== 'false') return;
  const level = Number(link.getAttribute('aria-level')) + 1;
  const children = await load(`${root.dataset.folder}${item.dataset.id}.json`);
  const group = document.createElement('ul');
  group.setAttribute('role', 'group');
  group.append(...children.map((child) => node(child, level)));
  item.append(group);
  link.setAttribute('aria-expanded', 'true');
  item.querySelector(':scope > .toggle').textContent = '▾';
}

function close(item) {
  const link = linkOf(item);
  if (link.getAttribute('aria-expanded') !== 'true') return;
  item.querySelector(':scope > ul')?.remove();
  link.setAttribute('aria-expanded', 'false');
  item.querySelector(':scope > .toggle').textContent = '▸';
  if (!link.contains(document.activeElement) && item.contains(document.activeElement)) focus(link);
}

// The one tab stop moves with the focus.
function focus(link) {
  for (const other of root.querySelectorAll('a[role="treeitem"][tabindex="0"]')) other.tabIndex = -1;
  link.tabIndex = 0;
  link.focus();
}

function onKey(event) {
  const link = event.target.closest('a[role="treeitem"]');
  if (!link) return;
  const item = itemOf(link);
  const items = [...root.querySelectorAll('a[role="treeitem"]')];
  const at = items.indexOf(link);
  const expanded = link.getAttribute('aria-expanded');
  const moves = {
    ArrowDown: () => items[at + 1] && focus(items[at + 1]),
    ArrowUp: () => items[at - 1] && focus(items[at - 1]),
    Home: () => focus(items[0]),
    End: () => focus(items[items.length - 1]),
    ArrowRight: () => (expanded === 'false' ? open(item) : expanded === 'true' && focus(linkOf(item.querySelector(':scope > ul > li')))),
    ArrowLeft: () => {
      if (expanded === 'true') return close(item);
      const parent = item.parentElement.closest('li');
      if (parent) focus(linkOf(parent));
    },
    Enter: () => select(item),
  };
  const move = moves[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  move();
}

// The selected class beside the tree, from its record (the API's /{id}), and its id in the address.
async function select(item) {
  for (const other of root.querySelectorAll('li.current')) {
    other.classList.remove('current');
    linkOf(other).removeAttribute('aria-selected');
  }
  item.classList.add('current');
  const link = linkOf(item);
  link.setAttribute('aria-selected', 'true');
  focus(link);
  const id = item.dataset.id;
  const address = new URL(location.href);
  address.searchParams.set('id', id);
  history.replaceState(null, '', address);
  // The record as pathTo read it, if it did: one request a class.
  const record = await load(`${base}/${id}`).catch(() => undefined);
  if (item.dataset.id !== root.querySelector('li.current')?.dataset.id) return;
  const described = await describe(id, record);
  if (item.dataset.id !== root.querySelector('li.current')?.dataset.id) return;
  details.replaceChildren(...described);
}

function element(name, text, properties = {}) {
  const made = Object.assign(document.createElement(name), properties);
  if (text !== undefined) made.textContent = text;
  return made;
}

// The labelled classes of a list, each a link that shows it in the tree; past MOST_LISTED, how many more.
const MOST_LISTED = 12;
function classList(heading, entries) {
  const section = element('div');
  section.append(element('h3', `${heading} (${entries.length})`));
  const list = element('ul');
  for (const [id, label] of entries.slice(0, MOST_LISTED)) {
    const item = element('li');
    item.append(element('a', label, { href: pageLink.replace('{id}', id), className: 'reveal' }));
    item.lastChild.dataset.id = id;
    list.append(item);
  }
  section.append(list);
  if (entries.length > MOST_LISTED) section.append(element('p', `and ${entries.length - MOST_LISTED} more`));
  return section;
}

// The class's record, and its parents' and children's labels: the parents' records, the children's tree file.
async function describe(id, record) {
  if (!record) return [element('p', 'This class could not be read.')];
  const heading = element('h2');
  heading.append(element('a', record.label ?? id, { href: pageLink.replace('{id}', id) }));
  const parts = [heading, element('p', '', { className: 'iri' })];
  parts[1].append(element('code', record.iri));
  if (record.definition) parts.push(element('p', record.definition, { className: 'definition' }));
  const parentIds = (record.sub_class_of ?? []).filter((iri) => iri.startsWith(baseIri) && iri.length > baseIri.length).map((iri) => iri.slice(baseIri.length));
  const parents = await Promise.all(
    parentIds.map((parent) =>
      load(`${base}/${parent}`).then(
        (found) => [parent, found.label ?? parent],
        () => [parent, parent],
      ),
    ),
  );
  if (parents.length > 0) parts.push(classList('Parents', parents));
  if ((record.parent_class_of ?? []).length > 0) {
    const children = await load(`${root.dataset.folder}${id}.json`).catch(() => []);
    if (children.length > 0) parts.push(classList('Children', children));
  }
  const links = element('p');
  links.append(element('a', 'Open the page', { href: pageLink.replace('{id}', id) }), ' · ', element('a', 'JSON record', { href: `${base}/${id}` }));
  parts.push(links);
  return parts;
}

// The path from a top class down to `id`, following first parents found in the tree.
async function pathTo(id) {
  const path = [id];
  for (let current = id; path.length < 64; ) {
    const record = await load(`${base}/${current}`).catch(() => undefined);
    const parent = record?.sub_class_of?.filter((iri) => iri.startsWith(baseIri) && iri.length > baseIri.length).map((iri) => iri.slice(baseIri.length))[0];
    if (!parent) break;
    path.unshift(parent);
    current = parent;
  }
  return path;
}

// Opens the path to a class and selects it; false where the tree has no such class (a property, say).
async function reveal(wanted) {
  for (const id of await pathTo(wanted)) {
    const item = root.querySelector(`li[data-id="${CSS.escape(id)}"]`);
    if (!item) return false;
    if (id === wanted) {
      await select(item);
      item.scrollIntoView({ block: 'center' });
      return true;
    }
    await open(item);
  }
  return false;
}

// A class chosen in the search box (search-box.js) is shown in the tree, not opened as a page.
function onChosen(event) {
  const link = event.target.closest('a[data-id]');
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  reveal(link.dataset.id).then((found) => {
    if (!found) location.href = link.href;
  });
}

async function start() {
  const top = await load(root.dataset.top);
  const list = document.createElement('ul');
  list.setAttribute('role', 'tree');
  list.setAttribute('aria-label', root.getAttribute('aria-label') ?? 'Tree');
  list.append(...top.map((entry) => node(entry, 1)));
  root.replaceChildren(list);
  root.addEventListener('keydown', onKey);
  document.getElementById('results')?.addEventListener('click', onChosen);
  details.addEventListener('click', onChosen);
  const first = list.querySelector('a[role="treeitem"]');
  if (first) first.tabIndex = 0;
  const wanted = new URLSearchParams(location.search).get('id');
  if (wanted) await reveal(wanted);
}

start().catch((error) => {
  root.textContent = `The tree could not be loaded (${error.message}).`;
});
