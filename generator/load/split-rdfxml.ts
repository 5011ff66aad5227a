/** One top-level element of an RDF/XML document: a class, a property, the ontology header… */
export interface BlockSpan {
  start: number;
  end: number;
}

/** An RDF/XML document cut into its root's children, each of which parses on its own under `head`. */
export interface SplitDocument {
  /** Everything up to the end of the root's start tag: prolog, doctype, namespaces, xml:base. */
  head: string;
  /** The root's end tag and what follows it. */
  tail: string;
  blocks: BlockSpan[];
}

const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;

/**
 * Cuts an RDF/XML document at its root's children, so each can be parsed and cached on its own.
 * Undefined when the cut could change the meaning: no rdf:RDF root, node ids shared across elements,
 * or markup the scanner does not follow (the caller then parses the document whole).
 */
export function splitRdfXml(text: string): SplitDocument | undefined {
  if (text.includes('nodeID')) return undefined;
  const root = findRootStart(text);
  if (root === undefined) return undefined;
  const rootEnd = tagEnd(text, root);
  if (rootEnd === -1 || !/^<([\w.-]+:)?RDF[\s>]/.test(text.slice(root, root + 12)) || text.charCodeAt(rootEnd - 1) === SLASH) return undefined;
  const body = cutElements(text, rootEnd + 1);
  if (body?.closing === undefined) return undefined;
  return { head: text.slice(0, rootEnd + 1), tail: text.slice(body.closing), blocks: body.blocks };
}

/**
 * The elements from `from` on, cut where they begin and end, up to the end tag of the element holding them
 * (`closing`: where it begins) or, without one, to the end of the text. Undefined where markup is left open.
 */
export function cutElements(text: string, from: number): { blocks: BlockSpan[]; closing?: number } | undefined {
  const blocks: BlockSpan[] = [];
  let depth = 0;
  let start = 0;
  let at = from;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open === -1) return depth === 0 ? { blocks } : undefined;
    const next = text.charCodeAt(open + 1);
    if (next === BANG || next === QUESTION) {
      const skipped = skipSpecial(text, open);
      if (skipped === -1) return undefined;
      at = skipped;
      continue;
    }
    const close = tagEnd(text, open);
    if (close === -1) return undefined;
    if (next === SLASH) {
      if (depth === 0) return { blocks, closing: open };
      depth -= 1;
      if (depth === 0) blocks.push({ start, end: close + 1 });
    } else if (text.charCodeAt(close - 1) === SLASH) {
      if (depth === 0) blocks.push({ start: open, end: close + 1 });
    } else {
      if (depth === 0) start = open;
      depth += 1;
    }
    at = close + 1;
  }
}

// The first element's "<", past the XML declaration, comments and a doctype.
function findRootStart(text: string): number | undefined {
  let at = 0;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open === -1) return undefined;
    const next = text.charCodeAt(open + 1);
    if (next !== BANG && next !== QUESTION) return open;
    const skipped = text.startsWith('<!DOCTYPE', open) ? skipDoctype(text, open) : skipSpecial(text, open);
    if (skipped === -1) return undefined;
    at = skipped;
  }
}

// Past a comment, CDATA section or processing instruction; -1 for anything else.
function skipSpecial(text: string, open: number): number {
  const ends: [string, string][] = [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
  ];
  for (const [begin, end] of ends) {
    if (!text.startsWith(begin, open)) continue;
    const found = text.indexOf(end, open + begin.length);
    return found === -1 ? -1 : found + end.length;
  }
  return -1;
}

function skipDoctype(text: string, open: number): number {
  const subset = text.indexOf('[', open);
  const close = text.indexOf('>', open);
  if (close === -1) return -1;
  if (subset === -1 || subset > close) return close + 1;
  const subsetEnd = text.indexOf(']', subset);
  if (subsetEnd === -1) return -1;
  const end = text.indexOf('>', subsetEnd);
  return end === -1 ? -1 : end + 1;
}

// The rest of a tag after its "<": anything but quotes and angle brackets, or a quoted value, up to the ">"; a
// "<" outside quotes, a quote left open or the end of the text first means no tag. One native regular
// expression match per tag: the document's ~300,000 tags took most of the cut's time scanned a character at a time.
const TAG_REST = /(?:[^"'<>]|"[^"]*"|'[^']*')*>/y;

// The ">" ending the tag that starts at `open`, skipping quoted attribute values; -1 if there is none.
function tagEnd(text: string, open: number): number {
  TAG_REST.lastIndex = open + 1;
  return TAG_REST.test(text) ? TAG_REST.lastIndex - 1 : -1;
}
