import type { Quad } from '@rdfjs/types';
import { ClosingRdfXmlParser } from './closing-rdfxml-parser.ts';
import { TermCopier } from './term-copier.ts';
import { OntologySyntaxError } from '../errors.ts';
import { positionFromMessage } from './position.ts';

/** Parses one RDF/XML document into quads, in document order, with strings of their own (see TermCopier). */
export function parseRdfXml(text: string, file: string, baseIRI: string, trackPosition = true): Promise<Quad[]> {
  return new Promise((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new ClosingRdfXmlParser({ baseIRI, dataFactory: new TermCopier(), trackPosition });
    parser.on('data', (quad: Quad) => quads.push(quad));
    let failed = false;
    parser.on('error', (error: Error) => {
      if (failed) return;
      failed = true;
      const { line, column, message } = positionFromMessage(error.message);
      reject(
        new OntologySyntaxError(
          { file, line, column },
          `malformed RDF/XML: ${message}`,
          'fix the XML at that position: look for an unclosed or misspelt tag, or a bare "&" or "<"',
        ),
      );
    });
    // Settled from a fresh task: settled here, the build would run on above the parser's frames, which keep
    // the document text and every quad alive until its next wait (measured: through the whole emit stage).
    parser.on('end', () => setImmediate(resolve, quads));
    parser.write(text);
    parser.end();
  });
}
