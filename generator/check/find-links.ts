// Where a file of the output points: what a link checker follows.

const HTML_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const BASE_ELEMENT = /<base\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
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
 * URL (fragment-only links, and other schemes than http and https, are left out); elsewhere (data, and a record
 * that GitHub Pages' layout keeps in a .html file) every http(s) URL.
 */
export function linksIn(contents: string, pageUrl: string, isPage: boolean): string[] {
  if (!isPage) return [...contents.matchAll(ABSOLUTE_URL)].map(([url]) => url.replace(TRAILING, ''));
  // As a browser does: relative links resolve against the page's <base href>, when it has one.
  const declared = BASE_ELEMENT.exec(contents);
  const base = (declared && resolved(attributeValue(declared), pageUrl)) ?? pageUrl;
  const links: string[] = [];
  for (const match of contents.matchAll(HTML_ATTRIBUTE)) {
    const value = attributeValue(match);
    if (value === '' || value.startsWith('#')) continue;
    const url = resolved(value, base);
    if (url === undefined) links.push(value);
    else if (/^https?:/.test(url)) links.push(url);
  }
  return links;
}

/** An attribute's value, whichever way it is quoted, with its character references decoded. */
function attributeValue(match: RegExpExecArray | RegExpMatchArray): string {
  return decodeReferences(match[1] ?? match[2] ?? match[3] ?? '').trim();
}

function resolved(value: string, against: string): string | undefined {
  try {
    return new URL(value, against).href;
  } catch {
    return undefined;
  }
}

function decodeReferences(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return CHARACTER_REFERENCES[name.toLowerCase()] ?? whole;
  });
}
