import { beforeAll, describe, expect, it } from 'vitest';
import { OWL_OBJECT_PROPERTY } from '../generator/model/vocabulary.ts';
import { BASE_IRI, generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import type { ClassRecord, PropertyRecord } from '../generator/schema/records.ts';

const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';
const SMALL = { classes: 500, properties: 40, seed: 7 };

function count(text: string, needle: string): number {
  let found = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found++;
  return found;
}

describe('FOLIO-shaped generator: determinism', () => {
  it('gives the same bytes for the same options and different bytes for another seed', () => {
    const first = generateFolioShaped(SMALL);
    expect(generateFolioShaped(SMALL)).toBe(first);
    expect(generateFolioShaped({ ...SMALL, seed: 8 })).not.toBe(first);
  });

  it('rejects sizes that are not positive integers', () => {
    expect(() => generateFolioShaped({ classes: 0 })).toThrow(RangeError);
    expect(() => generateFolioShaped({ properties: 1.5 })).toThrow(RangeError);
  });
});

describe('FOLIO-shaped generator: a small run through the project loader and model', () => {
  let text: string;
  let model: OntologyModel;
  let classes: ClassRecord[];
  let properties: PropertyRecord[];

  beforeAll(async () => {
    text = generateFolioShaped(SMALL);
    const { quads } = await parseSources([{ name: 'x.owl', baseIRI: BASE_IRI, format: 'rdfxml', text }]);
    model = buildModel(quads);
    classes = model.entities.filter((entity) => entity.kind === 'class').map((entity) => entity.record as ClassRecord);
    properties = model.entities.filter((entity) => entity.type === OWL_OBJECT_PROPERTY).map((entity) => entity.record as PropertyRecord);
    // FOLIO's own annotation properties (as in the real file) are published too; the counts are of object properties.
  });

  it('has the requested entity counts by kind, each labelled', () => {
    expect(model.baseIri).toBe(BASE_IRI);
    expect(classes).toHaveLength(SMALL.classes);
    expect(properties).toHaveLength(SMALL.properties);
    // Its one unlabelled annotation property is published now (as FOLIO's own are), and warned of.
    expect(model.warnings).toEqual([expect.stringMatching(/^missing-label: annotation property R\w+ has no rdfs:label$/)]);
  });

  it('uses FOLIO-like ids, unique even ignoring case', () => {
    const ids = model.entities.map((entity) => entity.id);
    for (const id of ids) expect(id).toMatch(/^R[A-Za-z0-9]{21,22}$/);
    expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ids.length);
  });

  it('gives about a third of classes translations, and some hidden labels, preferred labels and see-also links', () => {
    const share = classes.filter((record) => Object.keys(record.translations).length > 0).length / classes.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.42);
    expect(classes.some((record) => record.hidden_label !== null && record.identifier !== null)).toBe(true);
    expect(classes.some((record) => record.preferred_label !== null)).toBe(true);
    expect(classes.some((record) => record.see_also.length > 0)).toBe(true);
    for (const record of classes) {
      const languages = Object.keys(record.translations).length;
      if (languages > 0) expect(languages, record.iri).toBeGreaterThanOrEqual(3);
      expect(languages, record.iri).toBeLessThanOrEqual(9);
    }
  });

  it('writes definitions of 150–600 characters for every class and property', () => {
    for (const record of [...classes, ...properties]) {
      expect(record.definition?.length ?? 0, record.iri).toBeGreaterThanOrEqual(150);
      expect(record.definition?.length ?? 0, record.iri).toBeLessThanOrEqual(600);
    }
  });

  it('builds a tree six levels deep under owl:Thing whose parents all exist', () => {
    const parents = new Map(classes.map((record) => [record.iri, record.sub_class_of]));
    const depths = new Map<string, number>([[OWL_THING, 0]]);
    const depth = (iri: string): number => {
      const known = depths.get(iri);
      if (known !== undefined) return known;
      const above = parents.get(iri);
      if (!above || above.length === 0) throw new Error(`${iri} has no known parent`);
      const value = 1 + Math.max(...above.map(depth));
      depths.set(iri, value);
      return value;
    };
    const all = classes.map((record) => depth(record.iri));
    expect(Math.max(...all)).toBe(6);
    expect(all.filter((value) => value === 1).length).toBe(24);
  });

  it('gives object properties camelCase labels, alternative labels and a parent property', () => {
    for (const record of properties) {
      expect(record.label, record.iri).toMatch(/^[a-z]+[A-Za-z]*$/);
      expect(record.alternative_labels.length, record.iri).toBeGreaterThanOrEqual(1);
      expect(record.sub_property_of, record.iri).toHaveLength(1);
    }
  });
});

describe('FOLIO-shaped generator: full size', () => {
  it('has exactly 18,323 classes and 175 object properties, with escaped and non-ASCII text', () => {
    const text = generateFolioShaped();
    expect(count(text, `<owl:Class rdf:about="${BASE_IRI}`)).toBe(18_323);
    expect(count(text, `<owl:ObjectProperty rdf:about="${BASE_IRI}`)).toBe(175);
    expect(text).toMatch(/<rdfs:label>[^<]*&amp;[^<]*<\/rdfs:label>/);
    expect(text).toMatch(/<rdfs:label>[^<]*[^\x00-\x7f][^<]*<\/rdfs:label>/);
    expect(text).toContain('&lt;');
    expect(text).toContain('&quot;');
    for (const word of ['Zürich', 'Société', 'Cláusula', 'Ação', '契約', '合同']) expect(text, word).toContain(word);
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(bytes).toBeLessThan(20_000_000);
  });
});
