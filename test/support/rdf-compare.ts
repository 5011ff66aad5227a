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
  return jsonld.canonize(nquads, { algorithm: 'RDFC-1.0', inputFormat: 'application/n-quads', format: 'application/n-quads' }) as Promise<string>;
}

export async function canonicalQuads(quads: readonly Quad[]): Promise<string> {
  return canonical(await toNQuads(quads));
}
