import type { Quad } from '@rdfjs/types';
import { DataFactory } from 'rdf-data-factory';
import { parseRdfXml } from './parse-rdfxml.ts';
import { parseTurtle } from './parse-turtle.ts';
import { readSources, type SourceText } from './read-sources.ts';

export interface LoadedOntology {
  sources: string[];
  /** Every triple of every source, in source order and then document order. */
  quads: Quad[];
}

/** load: reads and parses every source; blank node labels stay distinct across sources. */
export async function loadOntology(input: string, log?: (line: string) => void): Promise<LoadedOntology> {
  const sources = await readSources(input, log);
  return parseSources(sources);
}

export async function parseSources(sources: SourceText[]): Promise<LoadedOntology> {
  const quads: Quad[] = [];
  for (const [index, source] of sources.entries()) {
    const prefix = `s${index}_`;
    const parsed = source.format === 'turtle'
      ? parseTurtle(source.text, source.name, source.baseIRI, prefix)
      : await parseRdfXml(source.text, source.name, source.baseIRI, new DataFactory({ blankNodePrefix: prefix }));
    for (const quad of parsed) quads.push(quad);
  }
  return { sources: sources.map((source) => source.name), quads };
}
