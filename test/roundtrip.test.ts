import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import jsonld from 'jsonld';
import { Parser } from 'n3';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { parseRdfXml } from '../generator/load/parse-rdfxml.ts';
import { hasXmllint, readAllByLibxml2 } from './support/libxml2.ts';
import { hasRdflib, RDFLIB_FORMATS, readByRdflib } from './support/rdflib.ts';
import { canonical, canonicalQuads } from './support/rdf-compare.ts';
import { EXCERPT, PROV_O, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';

// JSON-LD, RDF/XML, Turtle and N-Triples must carry exactly the entity's source triples: emit, re-parse, compare as graphs.
function roundTrips(name: string, ontology: string, enabled: boolean): void {
  describe.skipIf(!enabled)(`round trips on ${name}`, () => {
    let build: ApiBuild;
    let served: Map<string, string>;
    beforeAll(async () => {
      build = await generateApi({ ontology, baseUrl: 'https://api.example.org/' });
      served = new Map(build.files.map((file) => [file.path, file.contents]));
    });

    it('has entities with restrictions, languages and datatypes to round-trip', () => {
      const all = build.model.entities.flatMap((entity) => entity.quads);
      expect(all.some((quad) => quad.object.termType === 'BlankNode')).toBe(true);
      expect(all.some((quad) => quad.object.termType === 'Literal' && quad.object.language !== '')).toBe(true);
    });

    it('JSON-LD: jsonld.js toRDF gives back the source triples of every entity', async () => {
      for (const entity of build.model.entities) {
        const document = JSON.parse(served.get(build.router.filePath(entity.id, 'jsonld')) ?? '{}') as object;
        const nquads = (await jsonld.toRDF(document, { format: 'application/n-quads' })) as unknown as string;
        expect(await canonical(nquads), entity.id).toBe(await canonicalQuads(entity.quads));
      }
    });

    it('RDF/XML: re-parsing gives back the source triples of every entity', async () => {
      for (const entity of build.model.entities) {
        const xml = served.get(build.router.filePath(entity.id, 'xml')) ?? '';
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'), entity.id).toBe(true);
        const quads = await parseRdfXml(xml, `${entity.id}.xml`, 'https://api.example.org/');
        expect(await canonicalQuads(quads), entity.id).toBe(await canonicalQuads(entity.quads));
      }
    });

    it("Turtle and N-Triples: n3's parser gives back the source triples of every entity", async () => {
      for (const entity of build.model.entities) {
        for (const [format, as] of [
          ['ttl', 'Turtle'],
          ['nt', 'N-Triples'],
        ] as const) {
          const quads = new Parser({ format: as }).parse(served.get(build.router.filePath(entity.id, format)) ?? '');
          expect(await canonicalQuads(quads), `${entity.id} ${format}`).toBe(await canonicalQuads(entity.quads));
        }
      }
    });

    it.skipIf(!hasRdflib)('RDF/XML, JSON-LD, Turtle and N-Triples: read by rdflib, every entity gives back its source triples', async () => {
      const documents = build.model.entities.flatMap((entity) =>
        RDFLIB_FORMATS.map(({ format, as }) => ({
          text: served.get(build.router.filePath(entity.id, format)) ?? '',
          format: as,
          base: 'https://api.example.org/',
        })),
      );
      const read = readByRdflib(documents);
      for (const [at, entity] of build.model.entities.entries()) {
        const expected = await canonicalQuads(entity.quads);
        for (const [offset, { format }] of RDFLIB_FORMATS.entries())
          expect(await canonical(read[at * RDFLIB_FORMATS.length + offset]), `${entity.id} ${format}`).toBe(expected);
      }
    });

    it.skipIf(!hasXmllint)('RDF/XML: read by libxml2 (xmllint), every entity gives back its source triples', async () => {
      const read = readAllByLibxml2(build.model.entities.map((entity) => served.get(build.router.filePath(entity.id, 'xml')) ?? ''));
      for (const [at, entity] of build.model.entities.entries()) {
        const quads = await parseRdfXml(read[at], `${entity.id}.xml`, 'https://api.example.org/');
        expect(await canonicalQuads(quads), entity.id).toBe(await canonicalQuads(entity.quads));
      }
    });
  });
}

roundTrips('the repo sample', SAMPLE_ONTOLOGY, true);
roundTrips('folio-excerpt.owl', EXCERPT, hasShared);
roundTrips('W3C PROV-O, N-Quads from the npm registry (@vocabulary/prov)', PROV_O, true);
roundTrips('literals holding backslashes as text (test/fixtures/backslashes.ttl)', fileURLToPath(new URL('./fixtures/backslashes.ttl', import.meta.url)), true);
