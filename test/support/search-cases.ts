import { join } from 'node:path';
import { BASE_IRI, generateFolioShaped } from '../../bench/folio-shaped/generate.ts';
import { parseSources } from '../../generator/load/load-ontology.ts';
import { buildModel } from '../../generator/model/build-model.ts';
import type { OntologyModel } from '../../generator/model/ontology-model.ts';
import type { IndexBudgets } from '../../generator/search/build-search-index.ts';
import { candidatesOf } from './brute-force-search.ts';
import { REPO_ROOT } from './shared-data.ts';

export const UNICODE_FIXTURE = join(REPO_ROOT, 'test/fixtures/unicode.ttl');

// Small files force every structure of the index (ranked prefixes, chains, rest and chunk files) on small data.
export const TINY: IndexBudgets = { fileGzip: 3 * 1024, leafRaw: 4 * 1024, fileRaw: 8 * 1024 };

export async function syntheticModel(classes: number): Promise<OntologyModel> {
  const text = generateFolioShaped({ classes, properties: 40, seed: 7 });
  return buildModel((await parseSources([{ name: 'synthetic.owl', baseIRI: BASE_IRI, format: 'rdfxml', text }])).quads);
}

/** Every prefix of 1–4 characters of every label as typed, and of every word of every normalised label. */
export function queriesOf(model: OntologyModel): string[] {
  const queries = new Set<string>();
  for (const { labels } of candidatesOf(model)) {
    for (const { original, normalized } of labels) {
      const typed = [...original];
      for (let length = 1; length <= 4; length += 1) queries.add(typed.slice(0, length).join(''));
      for (const word of normalized.split(' ').map((_, at, words) => words.slice(at).join(' '))) {
        const points = [...word];
        for (let length = 1; length <= 4; length += 1) queries.add(points.slice(0, length).join(''));
      }
    }
  }
  return [...queries].sort();
}
