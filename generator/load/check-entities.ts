import { OntologySyntaxError } from '../errors.ts';
import { lineAndColumn } from './position.ts';

/** An entity declaration of an XML document's internal subset. */
interface Declaration {
  name: string;
  /** Offset of `<!ENTITY` in the text. */
  at: number;
  parameter: boolean;
  external: boolean;
  value: string;
}

// Expanded entity text beyond this (and twice the file) is refused: the file would grow unbounded in memory.
const MOST_EXPANDED = 16 * 1024 * 1024;
const HINT = 'write the text in place of the entity, or declare it as plain text (no "&", "<" or SYSTEM)';

/**
 * Refuses the entity declarations an RDF/XML file could attack the build with, before any parser reads it:
 * external entities (never fetched: they could read local files), parameter entities, entities built from
 * other entities or markup (the "billion laughs" bomb), and plain ones used so often their text would not fit.
 * Plain-text entities, as ontology editors write them for namespace IRIs, pass.
 */
export function checkEntityDeclarations(text: string, file: string): void {
  const declarations = entityDeclarations(text);
  let expanded = 0;
  for (const declaration of declarations) {
    const fail = (problem: string) => {
      const { line, column } = lineAndColumn(text, declaration.at);
      throw new OntologySyntaxError({ file, line, column }, `entity "${declaration.name}" ${problem}`, HINT);
    };
    if (declaration.external) fail('is external: it is never fetched, since it could read any file or address');
    if (declaration.parameter) fail('is a parameter entity: these are not expanded');
    if (/[&<%]/.test(declaration.value))
      fail('is built from other entities or markup: such entities are not expanded, as nesting them is how an XML bomb multiplies text');
    expanded += declaration.value.length * occurrences(text, `&${declaration.name};`);
    if (expanded > Math.max(MOST_EXPANDED, 2 * text.length)) fail(`is used so often that the expanded text would pass ${MOST_EXPANDED / 2 ** 20} MB`);
  }
}

function entityDeclarations(text: string): Declaration[] {
  const subset = internalSubset(text);
  if (!subset) return [];
  const declarations: Declaration[] = [];
  const pattern = /<!ENTITY\s+(%\s+)?([^\s"'>]+)\s+(?:(SYSTEM|PUBLIC)\b|"([^"]*)"|'([^']*)')/g;
  for (const match of subset.text.matchAll(pattern)) {
    declarations.push({
      name: match[2],
      at: subset.start + (match.index ?? 0),
      parameter: match[1] !== undefined,
      external: match[3] !== undefined,
      value: match[4] ?? match[5] ?? '',
    });
  }
  return declarations;
}

/** The `[…]` of a `<!DOCTYPE` before the root element, quoted strings skipped over. */
function internalSubset(text: string): { text: string; start: number } | undefined {
  let at = doctypeOffset(text);
  if (at < 0) return undefined;
  while (at < text.length && text[at] !== '[' && text[at] !== '>') at += 1;
  if (text[at] !== '[') return undefined;
  const start = at + 1;
  let quote = '';
  for (at = start; at < text.length; at += 1) {
    const character = text[at];
    if (quote) quote = character === quote ? '' : quote;
    else if (character === '"' || character === "'") quote = character;
    else if (character === ']') return { text: text.slice(start, at), start };
  }
  return { text: text.slice(start), start };
}

/** Offset of `<!DOCTYPE` in the prolog (past the XML declaration, comments and processing instructions), or -1. */
function doctypeOffset(text: string): number {
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    if (text.startsWith('<!--', at)) at = text.indexOf('-->', at);
    else if (text.startsWith('<?', at)) at = text.indexOf('?>', at);
    else return text.startsWith('<!DOCTYPE', at) ? at : -1;
    if (at < 0) return -1;
  }
  return -1;
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
}
