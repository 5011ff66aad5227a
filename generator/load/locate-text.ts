import type { SourcePosition } from './errors.ts';
import { lineAndColumn } from './position.ts';
import { isUrl, readSources } from './read-sources.ts';

/**
 * Where an IRI is first written in the ontology's files, for an error found after parsing (the triples carry
 * no positions). Read again only on that error path; a downloaded ontology is not fetched again.
 */
export async function locateIri(input: string, iri: string): Promise<SourcePosition | undefined> {
  if (isUrl(input)) return undefined;
  for (const source of await readSources(input)) {
    const at = [`"${iri}"`, `<${iri}>`, `'${iri}'`].map((written) => source.text.indexOf(written)).find((found) => found >= 0);
    if (at === undefined) continue;
    // Past the quote or bracket: where the IRI itself begins.
    return { file: source.name, ...lineAndColumn(source.text, at + 1) };
  }
  return undefined;
}
