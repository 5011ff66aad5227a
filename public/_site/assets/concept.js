// A concept page's one script: the copy button (shown only where it can work), the siblings, the graph's scroll, the citation's date (the page is whole without it).
for (const button of document.querySelectorAll('button.copy[data-copy]')) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    const label = button.textContent;
    try {
      await navigator.clipboard.writeText(button.dataset.copy ?? '');
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => {
      button.textContent = label;
    }, 1500);
  });
}

// The siblings, read from the parent's tree file ([id, label, children] each) the first time they are opened.
const pageLink = document.body.dataset.pageLink ?? '';
for (const details of document.querySelectorAll('details.siblings[data-file]')) {
  details.addEventListener(
    'toggle',
    async () => {
      const children = await fetch(details.dataset.file)
        .then((response) => (response.ok ? response.json() : []))
        .catch(() => []);
      const list = document.createElement('ul');
      for (const [id, label, count] of children) {
        if (id === details.dataset.self) continue;
        const href = pageLink.replace('{id}', id);
        const item = document.createElement('li');
        item.append(Object.assign(document.createElement('a'), { href, textContent: label }));
        if (count > 0) item.append(' ', Object.assign(document.createElement('span'), { className: 'count', textContent: String(count) }));
        list.append(item);
      }
      details.insertBefore(list, details.querySelector('.more'));
    },
    { once: true },
  );
}

// A graph wider than the screen (a phone) scrolls sideways: it starts with the term's own box in the middle.
for (const scroll of document.querySelectorAll('figure.graph > .scroll')) {
  const own = scroll.querySelector('.self rect');
  if (!own || scroll.scrollWidth <= scroll.clientWidth) continue;
  scroll.scrollLeft = Number(own.getAttribute('x')) + Number(own.getAttribute('width')) / 2 - scroll.clientWidth / 2;
}

// The citation's date is the reader's: the day the page is read (the build writes the same bytes whenever it runs).
for (const accessed of document.querySelectorAll('.cite .accessed')) accessed.textContent = ` Accessed ${new Date().toISOString().slice(0, 10)}.`;
