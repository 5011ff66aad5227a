import { createHash } from 'node:crypto';
import type { Quad, Term } from '@rdfjs/types';
import { DataFactory } from 'rdf-data-factory';
import { parseRdfXml } from './parse-rdfxml.ts';
import { parseN3 } from './parse-n3.ts';
import type { SourceText } from './read-sources.ts';
import { splitRdfXml, type SplitDocument } from './split-rdfxml.ts';
import { documentUnits, type DocumentUnits } from './document-units.ts';

/** A piece of a source parsed on its own: a top-level RDF/XML element, or a whole document. */
export interface SourceBlock {
  /** Hash of everything the block's triples depend on: format, base IRI (unless the root's xml:base fixes it), the document head, its text. */
  key: string;
  /** Hash of the text alone, which names the block's blank nodes (the output must not depend on where the file lies). */
  digest: string;
  /** Where the block lies in the document (see DocumentUnits). */
  start: number;
  end: number;
}

export interface BlockedSource {
  source: SourceText;
  /** Set when the document cuts into elements; otherwise the single block is the whole text. */
  split?: SplitDocument;
  blocks: SourceBlock[];
  /** A block's text, decoded when asked for. */
  textOf(block: SourceBlock): string;
}

const factory = new DataFactory();
// Base64url characters of the context's hash at the start of a block's key: 132 bits.
const CONTEXT_LENGTH = 22;
const BLOCK_SUBJECT = 'urn:x-block:';
const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

/** Cuts a source into blocks: RDF/XML at its root's children where that is safe, anything else whole. */
export function blockSource(source: SourceText, whole = false, units: DocumentUnits = documentUnits(source)): BlockedSource {
  const found = source.format === 'rdfxml' && !whole ? splitRdfXml(units.view) : undefined;
  const { text, digest } = units;
  const length = units.view.length;
  // Head and tail decoded: the view's are as many characters as the file has bytes.
  const split = found && { head: text(0, found.head.length), tail: text(length - found.tail.length, length), blocks: found.blocks };
  const context = blockContext(source, split?.head);
  // One hash of the text per block: the key adds the context's.
  const block = (start: number, end: number): SourceBlock => sourceBlock(context, digest(start, end), start, end);
  const textOf = (piece: SourceBlock) => text(piece.start, piece.end);
  if (!split) return { source, blocks: [block(0, length)], textOf };
  return { source, split, blocks: split.blocks.map(({ start, end }) => block(start, end)), textOf };
}

/** The hash of what a source's blocks are read under (format, base IRI, the document's head), which starts their keys. */
export function blockContext(source: SourceText, head: string | undefined): string {
  // A root element with an absolute xml:base resolves every IRI inside it: where the file lies does not matter.
  const base = head !== undefined && hasAbsoluteRootBase(head) ? '' : source.baseIRI;
  return createHash('sha256')
    .update(`${source.format}\0${base}\0${head ?? ''}`)
    .digest('base64url')
    .slice(0, CONTEXT_LENGTH);
}

export function sourceBlock(context: string, digest: string, start: number, end: number): SourceBlock {
  return { key: `${context}${digest}`, digest, start, end };
}

const ABSOLUTE_XML_BASE = /\sxml:base\s*=\s*(?:"[a-zA-Z][a-zA-Z0-9+.-]*:[^"&]*"|'[a-zA-Z][a-zA-Z0-9+.-]*:[^'&]*')/;

/** Whether the root start tag (the end of the head) has an xml:base written out as an absolute IRI, without entities. */
export function hasAbsoluteRootBase(head: string): boolean {
  // "<" cannot occur in an attribute value, so the last one opens the root's start tag.
  return ABSOLUTE_XML_BASE.test(head.slice(head.lastIndexOf('<')));
}

/**
 * Parses the blocks at `wanted` (indexes into `blocked.blocks`), in one pass for RDF/XML: each block is
 * preceded by a marker element whose triple tells where its quads begin. Errors come from parsing the
 * whole document, so their lines and columns are the file's own. Undefined when the pieces fail to
 * parse but the whole document does not: the caller then reads it whole.
 */
export async function parseBlocks(blocked: BlockedSource, wanted: readonly number[]): Promise<Map<number, Quad[]> | undefined> {
  const { source, split } = blocked;
  if (wanted.length === 0) return new Map();
  if (!split) return new Map([[0, await parseWhole(source)]]);
  const prefix = rdfPrefix(split.head);
  const body = wanted.map((index) => marker(index, prefix) + blocked.textOf(blocked.blocks[index])).join('');
  let quads: Quad[];
  try {
    // Positions are not tracked: an error is reported from the whole document instead.
    quads = await parseRdfXml(split.head + body + split.tail, source.name, source.baseIRI, false);
  } catch {
    // The file's own error, with its own positions; if the whole file parses, it is read whole instead.
    await parseWhole(source);
    return undefined;
  }
  const byBlock = new Map<number, Quad[]>(wanted.map((index) => [index, []]));
  let current: Quad[] | undefined;
  for (const quad of quads) {
    if (quad.subject.value.startsWith(BLOCK_SUBJECT) && quad.predicate.value === `${RDF_NS}value`)
      current = byBlock.get(Number(quad.subject.value.slice(BLOCK_SUBJECT.length)));
    else current?.push(quad);
  }
  return byBlock;
}

function parseWhole(source: SourceText): Promise<Quad[]> | Quad[] {
  return source.format === 'rdfxml'
    ? parseRdfXml(source.text, source.name, source.baseIRI)
    : parseN3(source.text, source.name, source.baseIRI, 'b', source.format);
}

// On the block's first line, so line numbers stay the file's; the root's own RDF prefix where it has one,
// since a namespace declaration on each of 18,000 markers doubles the parse time.
function marker(index: number, prefix: string | undefined): string {
  const p = prefix ?? 'm';
  const binding = prefix === undefined ? ` xmlns:m="${RDF_NS}"` : '';
  return `<${p}:Description${binding} ${p}:about="${BLOCK_SUBJECT}${index}" ${p}:value="${index}"/>`;
}

// The prefix of the root element, when it is bound to the RDF namespace in the root's start tag.
function rdfPrefix(head: string): string | undefined {
  const root = /<([\w.-]+):RDF[\s>]/.exec(head);
  if (!root) return undefined;
  return head.includes(`xmlns:${root[1]}="${RDF_NS}"`) || head.includes(`xmlns:${root[1]}='${RDF_NS}'`) ? root[1] : undefined;
}

/**
 * Renames a block's blank nodes after the block's key and its occurrence, so labels never clash across
 * blocks parsed at different times, and the same text always gets the same labels.
 */
export function relabelBlankNodes(quads: readonly Quad[], prefix: string): readonly Quad[] {
  const labels = new Map<string, string>();
  const rename = <T extends Term>(term: T): T => {
    if (term.termType !== 'BlankNode') return term;
    let label = labels.get(term.value);
    if (label === undefined) {
      label = `${prefix}_${labels.size}`;
      labels.set(term.value, label);
    }
    return factory.blankNode(label) as unknown as T;
  };
  const blank = (quad: Quad) => quad.subject.termType === 'BlankNode' || quad.object.termType === 'BlankNode';
  // Most blocks have no blank nodes: their list is kept, not copied.
  if (!quads.some(blank)) return quads;
  return quads.map((quad) => (blank(quad) ? factory.quad(rename(quad.subject), quad.predicate, rename(quad.object)) : quad));
}
