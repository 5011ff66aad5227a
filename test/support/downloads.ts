// The whole-ontology downloads read back: each format by a parser other than the one that wrote it, and the graph
// in a form to compare — canonical N-Quads where it is small, otherwise its triples without a blank node exactly
// and those with one by count (canonicalising grows fast with the blank nodes).
import { gunzipSync } from 'node:zlib';
import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Parser } from 'n3';
import { parseRdfXml } from '../../generator/load/parse-rdfxml.ts';
import type { DownloadFormat } from '../../generator/route/paths.ts';
import { canonicalQuads, toNQuads } from './rdf-compare.ts';

const CANONICAL_UP_TO = 3000;

/** A download's triples: gunzipped, then parsed by n3, rdfxml-streaming-parser or jsonld.js. */
export async function readDownload(format: DownloadFormat, gzipped: Uint8Array, base: string): Promise<Quad[]> {
  const text = gunzipSync(gzipped).toString('utf8');
  if (format === 'nt' || format === 'ttl') return new Parser({ format: format === 'nt' ? 'N-Triples' : 'Turtle' }).parse(text);
  if (format === 'xml') return [...(await parseRdfXml(text, 'ontology.rdf', base))];
  const nquads = (await jsonld.toRDF(JSON.parse(text) as object, { format: 'application/n-quads' })) as unknown as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads);
}

/** The graph as something to compare (see above); `size` decides which form, so both sides of a comparison agree. */
export async function comparableGraph(quads: readonly Quad[], size: number): Promise<string | { ground: string[]; blank: number }> {
  if (size <= CANONICAL_UP_TO) return canonicalQuads(quads);
  const lines = [...new Set((await toNQuads(quads)).split('\n').filter((line) => line !== ''))];
  const ground = lines.filter((line) => !line.includes('_:')).sort();
  return { ground, blank: lines.length - ground.length };
}
