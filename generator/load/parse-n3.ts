import type { Quad } from '@rdfjs/types';
import { Parser } from 'n3';
import { OntologySyntaxError } from '../errors.ts';
import { TermCopier } from './term-copier.ts';

interface N3ErrorContext {
  line?: number;
  token?: { value?: unknown; type?: string } | null;
}

/** The formats n3 reads, by what errors call them and the media type n3 takes. */
export const N3_FORMATS = {
  turtle: { name: 'Turtle', mediaType: 'text/turtle' },
  ntriples: { name: 'N-Triples', mediaType: 'application/n-triples' },
  nquads: { name: 'N-Quads', mediaType: 'application/n-quads' },
} as const;

export type N3Format = keyof typeof N3_FORMATS;

/**
 * Parses one Turtle, N-Triples or N-Quads document into quads, in document order, with strings of their own
 * (see TermCopier). An N-Quads graph name is dropped: the site publishes each term's triples.
 */
export function parseN3(text: string, file: string, baseIRI: string, blankNodePrefix: string, format: N3Format = 'turtle'): Quad[] {
  const { name, mediaType } = N3_FORMATS[format];
  const parser = new Parser({ baseIRI, format: mediaType, blankNodePrefix, factory: new TermCopier() });
  try {
    return parser.parse(text) as Quad[];
  } catch (error) {
    const context = (error as { context?: N3ErrorContext }).context ?? {};
    const line = context.line;
    const column = line === undefined ? undefined : columnOf(text, line, context.token?.value);
    const message = (error as Error).message.replace(/ on line \d+\.?$/, '');
    throw new OntologySyntaxError(
      { file, line, column },
      `${name} syntax error: ${message}`,
      'check the statement on that line: a missing "." or ";", or an unclosed string',
    );
  }
}

// n3 reports the line only; find the offending token on it to give a column too.
function columnOf(text: string, line: number, token: unknown): number {
  const lineText = text.split('\n')[line - 1] ?? '';
  const found = typeof token === 'string' && token !== '' ? lineText.indexOf(token) : -1;
  return found >= 0 ? found + 1 : Math.max(1, lineText.search(/\S/) + 1);
}
