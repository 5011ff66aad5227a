// The home page's search box: asks the exact search URL, which a host worker or, on hosts without
// query routing, the site's service worker answers from the static index.
const base = document.body.dataset.base ?? '';
const input = document.getElementById('query');
const list = document.getElementById('results');
const status = document.getElementById('status');

// Hosts that answer the search URL themselves serve sw.js as JSON or not at all; registering then fails, harmlessly.
const ready = 'serviceWorker' in navigator
  ? navigator.serviceWorker.register(`${base}/sw.js`).then(() => controlled(), () => undefined)
  : Promise.resolve(undefined);

function controlled() {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    setTimeout(resolve, 5000);
  });
}

let latest = 0;
input.addEventListener('input', async () => {
  const query = input.value;
  const ticket = ++latest;
  if (query.trim() === '') {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  await ready;
  const response = await fetch(`${base}/search/prefix?query=${encodeURIComponent(query)}&limit=10`);
  if (ticket !== latest) return;
  if (!response.ok) {
    status.textContent = response.status === 400 ? 'Type a letter or a digit.' : `Search failed (${response.status}).`;
    list.replaceChildren();
    return;
  }
  const result = await response.json();
  status.textContent = `${result.total_classes} classes, ${result.total_properties} properties`;
  list.replaceChildren(...[...result.classes, ...result.properties].map((hit) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `${base}/${hit.iri.split('/').pop()}`;
    link.textContent = hit.label ?? hit.iri;
    item.append(link);
    if (hit.match !== hit.label) item.append(` — ${hit.match}`);
    return item;
  }));
});
