// Where a file of the output points: what a link checker follows.

const HTML_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const ABSOLUTE_URL = /https?:\/\/[^\s"'<>\\)\]}`]+/g;
// Punctuation that ends a sentence more often than a URL.
const TRAILING = /[.,;:!?]+$/;
const CHARACTER_REFERENCES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };

/** Files whose links are checked: the entity formats, pages and JSON files; not scripts, styles or binary index chunks. */
export function isCheckedFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return !name.includes('.') || /\.(html|json|jsonld|xml|md)$/.test(name);
}

/**
 * Absolute URLs a file links to. In an HTML page: its href and src attributes, resolved against the page's own
 * URL (fragment-only links, and other schemes than http and https, are left out); elsewhere every http(s) URL.
 */
export function linksIn(path: string, contents: string, pageUrl: string): string[] {
  if (!path.endsWith('.html')) return [...contents.matchAll(ABSOLUTE_URL)].map(([url]) => url.replace(TRAILING, ''));
  const links: string[] = [];
  for (const match of contents.matchAll(HTML_ATTRIBUTE)) {
    const value = decodeReferences(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (value === '' || value.startsWith('#')) continue;
    try {
      const url = new URL(value, pageUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') links.push(url.href);
    } catch {
      links.push(value);
    }
  }
  return links;
}

function decodeReferences(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return CHARACTER_REFERENCES[name.toLowerCase()] ?? whole;
  });
}
