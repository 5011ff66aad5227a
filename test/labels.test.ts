import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel } from '../generator/generate-api.ts';

const scratch = mkdtempSync(join(tmpdir(), 'labels-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// As DBpedia states them: one rdfs:label per language, none untagged.
const VOCABULARY = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<https://x.example/Person> a owl:Class ; rdfs:label "Person"@de, "person"@en, "personne"@fr ;
  skos:altLabel "Mensch"@de, "persona"@es .
<https://x.example/birthPlace> a owl:ObjectProperty ; rdfs:label "Geburtsort"@de, "birth place"@en .
`;

describe('labels in several languages', () => {
  it("the record's label is the English one; the class's other labels are its translations, over alternative labels", async () => {
    const ontology = join(scratch, 'dbpedia-like.ttl');
    writeFileSync(ontology, VOCABULARY);
    const { model } = await loadModel({ ontology, baseUrl: 'https://site.example/' });
    const [person, birthPlace] = model.entities;
    expect(person?.record).toMatchObject({
      label: 'person',
      alternative_labels: ['Mensch', 'persona'],
      translations: { de: 'Person', es: 'persona', fr: 'personne' },
    });
    const record = (person?.record ?? {}) as { translations?: object };
    expect(Object.keys(record.translations ?? {})).toEqual(['de', 'es', 'fr']);
    expect(birthPlace?.record).toMatchObject({ label: 'birth place' });
  });
});
