import type { Quad } from '@rdfjs/types';
import { DataFactory } from 'rdf-data-factory';
import { ClosingRdfXmlParser } from './closing-rdfxml-parser.ts';
import { OntologySyntaxError } from './errors.ts';
import { positionFromMessage } from './position.ts';

/** Parses one RDF/XML document into quads, in document order. */
export function parseRdfXml(text: string, file: string, baseIRI: string, factory: DataFactory, trackPosition = true): Promise<Quad[]> {
  return new Promise((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new ClosingRdfXmlParser({ baseIRI, dataFactory: factory, trackPosition });
    parser.on('data', (quad: Quad) => quads.push(quad));
    let failed = false;
    parser.on('error', (error: Error) => {
      if (failed) return;
      failed = true;
      const { line, column, message } = positionFromMessage(error.message);
      reject(new OntologySyntaxError({ file, line, column }, `malformed RDF/XML: ${message}`,
        'fix the XML at that position: look for an unclosed or misspelt tag, or a bare "&" or "<"'));
    });
    parser.on('end', () => resolve(quads));
    parser.write(text);
    parser.end();
  });
}
