import type { SourcePosition } from './errors.ts';
import { readSources } from './read-sources.ts';

/**
 * Where an IRI is first written in the ontology's files, for an error found after parsing (the triples carry
 * no positions). Read again only on that error path; a downloaded ontology is not fetched again.
 */
export async function locateIri(input: string, iri: string): Promise<SourcePosition | undefined> {
  if (/^https?:\/\//i.test(input)) return undefined;
  for (const source of await readSources(input)) {
    const at = [`"${iri}"`, `<${iri}>`, `'${iri}'`].map((written) => source.text.indexOf(written)).find((found) => found >= 0);
    if (at === undefined) continue;
    const before = source.text.slice(0, at + 1);
    const line = before.split('\n').length;
    return { file: source.name, line, column: at + 2 - (before.lastIndexOf('\n') + 1) };
  }
  return undefined;
}
