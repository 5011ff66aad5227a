// The typeahead of the home page and the explorer. It asks the exact search URL, which a host worker or, on hosts without
// query routing, the site's service worker answers; where neither does, it searches with the client
// module itself. When no label begins with what was typed (a typo, words in another order), it asks label
// search for the closest labels. Arrow keys move through the results, Enter opens one.
const base = document.body.dataset.base ?? '';
const pageLink = document.body.dataset.pageLink ?? `${base}/html/{id}/`;
// An entity's id is its IRI after the base IRI, which may end in "/" or "#".
const baseIri = document.body.dataset.baseIri ?? '';
const input = document.getElementById('query');
const list = document.getElementById('results');
const status = document.getElementById('status');

// Hosts that answer the search URL themselves serve sw.js as JSON or not at all; registering then fails, harmlessly.
const ready =
  'serviceWorker' in navigator
    ? navigator.serviceWorker.register(`${base}/sw.js`).then(
        () => controlled(),
        () => undefined,
      )
    : Promise.resolve(undefined);

function controlled() {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    setTimeout(resolve, 5000);
  });
}

// The search core, as the site serves it: the client for the fallback search; its text functions alone
// (a few kB) for where a label matched.
let client;
const clientModule = () => (client ??= import(`${base}/search/client.js`));
let text;
const textModule = () => (text ??= import(`${base}/search/text.js`));

// One search URL (prefix or label), or the client module's same search where no host answers it.
async function ask(kind, query, fromClient) {
  await ready;
  const response = await fetch(`${base}/search/${kind}?query=${encodeURIComponent(query)}&limit=10`).catch(() => undefined);
  if (response && (response.ok || response.status === 400) && /json/.test(response.headers.get('content-type') ?? '')) {
    return { status: response.status, body: await response.json() };
  }
  return fromClient(await clientModule()).then(
    (body) => ({ status: 200, body }),
    (error) => ({ status: error.status ?? 500, body: error.body }),
  );
}

const search = (query) => ask('prefix', query, (module) => module.searchPrefix(query, { limit: 10 }));
const closest = (query) => ask('label', query, (module) => module.searchLabel(query, { limit: 10 }));

// Marks the part of the label that the query matched: at its start or at the start of a later word.
function highlighted(label, query, core) {
  const span = core.matchedSpan(label, query);
  if (!span) return [label];
  const characters = [...label];
  const mark = document.createElement('mark');
  mark.textContent = characters.slice(span[0], span[1]).join('');
  return [characters.slice(0, span[0]).join(''), mark, characters.slice(span[1]).join('')];
}

let latest = 0;
let active = -1;
function select(index) {
  const items = [...list.children];
  active = Math.max(-1, Math.min(index, items.length - 1));
  items.forEach((item, at) => item.setAttribute('aria-selected', String(at === active)));
  input.setAttribute('aria-activedescendant', active >= 0 ? items[active].id : '');
}

input.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    select(active + (event.key === 'ArrowDown' ? 1 : -1));
  } else if (event.key === 'Enter' && active >= 0) {
    event.preventDefault();
    list.children[active].querySelector('a').click();
  } else if (event.key === 'Escape') {
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
  }
});

input.addEventListener('input', async () => {
  const query = input.value;
  const ticket = ++latest;
  if (query.trim() === '') {
    list.replaceChildren();
    status.textContent = '';
    input.setAttribute('aria-expanded', 'false');
    return;
  }
  const [answer, core] = await Promise.all([search(query), textModule()]);
  if (ticket !== latest) return;
  active = -1;
  if (answer.status !== 200) {
    status.textContent = answer.status === 400 ? 'Type a letter or a digit.' : `Search failed (${answer.status}).`;
    list.replaceChildren();
    return;
  }
  const result = answer.body;
  let hits = [...result.classes, ...result.properties];
  let said = `${result.total_classes} classes, ${result.total_properties} properties`;
  if (hits.length === 0) {
    const near = await closest(query);
    if (ticket !== latest) return;
    const found = near.status === 200 ? [...near.body.results, ...near.body.properties] : [];
    // Label search's records; no part of them begins with the query, so nothing is marked.
    hits = found.map(([record]) => ({ iri: record.iri, label: record.label, match: record.label, close: true }));
    if (hits.length > 0) said = `No label begins so; ${hits.length} close ${hits.length === 1 ? 'match' : 'matches'}`;
  }
  status.textContent = said;
  list.replaceChildren(
    ...hits.map((hit, at) => {
      const item = document.createElement('li');
      item.id = `result-${at}`;
      item.setAttribute('role', 'option');
      const link = document.createElement('a');
      // An id is already as a URL writes it (its other characters percent-escaped): escaping it again would name another page.
      link.href = pageLink.replace('{id}', hit.iri.slice(baseIri.length));
      // The explorer shows a chosen class in its tree instead of opening the page (tree.js).
      link.dataset.id = hit.iri.slice(baseIri.length);
      link.textContent = hit.label ?? hit.iri;
      item.append(link);
      if (hit.close) {
        item.className = 'close';
      } else if (hit.match !== hit.label) {
        const match = document.createElement('span');
        match.className = 'match';
        match.append(' — ', ...highlighted(hit.match, query, core));
        item.append(match);
      } else {
        link.replaceChildren(...highlighted(hit.label, query, core));
      }
      return item;
    }),
  );
  input.setAttribute('aria-expanded', String(list.children.length > 0));
});
