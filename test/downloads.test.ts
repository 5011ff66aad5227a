// The whole-ontology downloads: each, gunzipped and read by a parser other than the one that wrote it, is the source's
// graph — compared as canonical N-Quads where the graph is small, otherwise triple for triple (those without a blank
// node) and by count (those with one).
import { gunzipSync } from 'node:zlib';
import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Parser } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { parseRdfXml } from '../generator/load/parse-rdfxml.ts';
import { DOWNLOADS, type DownloadFormat } from '../generator/route/paths.ts';
import { canonicalQuads, toNQuads } from './support/rdf-compare.ts';
import { hasRdflib, readByRdflib, type RdflibFormat } from './support/rdflib.ts';
import { EXCERPT, PROV_O, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';

const BASE = 'https://api.example.org/';
// Canonicalising a graph grows fast with its blank nodes: larger graphs are compared triple by triple.
const CANONICAL_UP_TO = 3000;
const RDFLIB_NAMES: Record<DownloadFormat, RdflibFormat> = { nt: 'nt', ttl: 'turtle', xml: 'xml', jsonld: 'json-ld' };

async function readBack(format: DownloadFormat, text: string): Promise<Quad[]> {
  if (format === 'nt' || format === 'ttl') return new Parser({ format: format === 'nt' ? 'N-Triples' : 'Turtle' }).parse(text);
  if (format === 'xml') return [...(await parseRdfXml(text, 'ontology.rdf', BASE))];
  const nquads = (await jsonld.toRDF(JSON.parse(text) as object, { format: 'application/n-quads' })) as unknown as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads);
}

/** The graph as something to compare: canonical N-Quads, or its ground triples sorted and how many have a blank node. */
async function comparable(quads: readonly Quad[], canonical: boolean): Promise<string | { ground: string[]; blank: number }> {
  if (canonical) return canonicalQuads(quads);
  const lines = [...new Set((await toNQuads(quads)).split('\n').filter((line) => line !== ''))];
  const ground = lines.filter((line) => !line.includes('_:')).sort();
  return { ground, blank: lines.length - ground.length };
}

function downloadsOf(name: string, ontology: string, enabled: boolean): void {
  describe.skipIf(!enabled)(`whole-ontology downloads of ${name}`, () => {
    let build: ApiBuild;
    let texts: Map<DownloadFormat, string>;
    let source: Quad[];
    beforeAll(async () => {
      build = await generateApi({ ontology, baseUrl: BASE });
      const files = new Map(build.files.map((file) => [file.path, file]));
      texts = new Map(
        DOWNLOADS.map(({ format, path }) => {
          const file = files.get(path);
          return [format, gunzipSync(file?.encoded ?? new Uint8Array()).toString('utf8')];
        }),
      );
      source = build.blocks.flatMap((block) => [...block.quads]);
    });

    it('are written, gzipped, for every format', () => {
      expect([...texts.keys()]).toEqual(['nt', 'ttl', 'xml', 'jsonld']);
      for (const [format, text] of texts) expect(text.length, format).toBeGreaterThan(100);
      expect(source.length).toBeGreaterThan(100);
    });

    it("each is the source's graph, read back by n3, rdfxml-streaming-parser and jsonld.js", async () => {
      const canonical = source.length <= CANONICAL_UP_TO;
      const expected = await comparable(source, canonical);
      for (const [format, text] of texts) expect(await comparable(await readBack(format, text), canonical), format).toEqual(expected);
    });

    it.skipIf(!hasRdflib)("each is the source's graph, read back by rdflib", async () => {
      const canonical = source.length <= CANONICAL_UP_TO;
      const expected = await comparable(source, canonical);
      const formats = [...texts.keys()];
      const read = readByRdflib(formats.map((format) => ({ text: texts.get(format) ?? '', format: RDFLIB_NAMES[format], base: BASE })));
      for (const [at, format] of formats.entries())
        expect(await comparable(new Parser({ format: 'N-Triples' }).parse(read[at]), canonical), format).toEqual(expected);
    });
  });
}

downloadsOf('the repo sample', SAMPLE_ONTOLOGY, true);
downloadsOf('W3C PROV-O, N-Quads from the npm registry (@vocabulary/prov)', PROV_O, true);
downloadsOf('folio-excerpt.owl', EXCERPT, hasShared);
