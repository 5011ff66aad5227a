import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Writer } from 'n3';

export function toNQuads(quads: readonly Quad[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = new Writer({ format: 'N-Quads' });
    writer.addQuads([...quads]);
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
}

/** Canonical N-Quads (RDFC-1.0), so graphs compare as sets with blank nodes matched by structure. */
export async function canonical(nquads: string): Promise<string> {
  // The typings only know JSON-LD input; jsonld.js also takes N-Quads when told the input format.
  const canonize = jsonld.canonize as unknown as (input: string, options: Record<string, string>) => Promise<string>;
  return canonize(nquads, { algorithm: 'RDFC-1.0', inputFormat: 'application/n-quads', format: 'application/n-quads' });
}

export async function canonicalQuads(quads: readonly Quad[]): Promise<string> {
  return canonical(await toNQuads(quads));
}
