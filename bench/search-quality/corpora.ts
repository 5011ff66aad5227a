// The corpora the search-quality benches measure: FOLIO (the excerpt beside the repo, and FOLIO-shaped input at
// full size, written into `scratch`), the repo sample, public vocabularies from npm, and WordNet's nouns at FOLIO's
// size (real English definitions at that scale, which the FOLIO-shaped ones are not).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFolioShaped } from '../folio-shaped/generate.ts';
import { WORDNET_BASE_IRI, writeWordnetCorpus } from './wordnet-corpus.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VOCABULARIES = join(ROOT, 'node_modules/@vocabulary');

export type BenchCorpus = [name: string, file: string, baseIri?: string];

export function benchCorpora(scratch: string): BenchCorpus[] {
  // FOLIO's size: its labels and translations are composed from word lists, its definitions from sentence patterns.
  const folioShaped = join(scratch, 'folio-shaped.owl');
  writeFileSync(folioShaped, generateFolioShaped());
  return [
    ['FOLIO excerpt', resolve(ROOT, '../shared/ontology/folio-excerpt.owl')],
    ['FOLIO-shaped, full size', folioShaped],
    ["WordNet nouns, FOLIO's size", writeWordnetCorpus(scratch), WORDNET_BASE_IRI],
    ['the repo sample', join(ROOT, 'ontology')],
    ['CIDOC CRM', join(VOCABULARIES, 'crm/crm.nq'), 'http://www.cidoc-crm.org/cidoc-crm/'],
    ['DBpedia ontology', join(VOCABULARIES, 'dbo/dbo.nq'), 'http://dbpedia.org/ontology/'],
    ['W3C PROV-O', join(VOCABULARIES, 'prov/prov.nq'), 'http://www.w3.org/ns/prov#'],
    ['W3C ORG', join(VOCABULARIES, 'org/org.nq'), 'http://www.w3.org/ns/org#'],
    ['FOAF', join(VOCABULARIES, 'foaf/foaf.nq'), 'http://xmlns.com/foaf/0.1/'],
  ];
}
