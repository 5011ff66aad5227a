// The whole-ontology downloads: each, gunzipped and read by a parser other than the one that wrote it, is the source's
// graph (see test/support/downloads.ts for how graphs compare).
import { gunzipSync } from 'node:zlib';
import type { Quad } from '@rdfjs/types';
import { Parser } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { DOWNLOADS, type DownloadFormat } from '../generator/route/paths.ts';
import { comparableGraph, readDownload } from './support/downloads.ts';
import { hasRdflib, readByRdflib, type RdflibFormat } from './support/rdflib.ts';
import { EXCERPT, PROV_O, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';

const BASE = 'https://api.example.org/';
const RDFLIB_NAMES: Record<DownloadFormat, RdflibFormat> = { nt: 'nt', ttl: 'turtle', xml: 'xml', jsonld: 'json-ld' };

function downloadsOf(name: string, ontology: string, enabled: boolean): void {
  describe.skipIf(!enabled)(`whole-ontology downloads of ${name}`, () => {
    let build: ApiBuild;
    let gzipped: Map<DownloadFormat, Uint8Array>;
    let texts: Map<DownloadFormat, string>;
    let source: Quad[];
    beforeAll(async () => {
      build = await generateApi({ ontology, baseUrl: BASE });
      const files = new Map(build.files.map((file) => [file.path, file]));
      gzipped = new Map(DOWNLOADS.map(({ format, path }) => [format, files.get(path)?.encoded ?? new Uint8Array()]));
      texts = new Map([...gzipped].map(([format, bytes]) => [format, gunzipSync(bytes).toString('utf8')]));
      source = build.blocks.flatMap((block) => [...block.quads]);
    });

    it('are written, gzipped, for every format', () => {
      expect([...texts.keys()]).toEqual(['nt', 'ttl', 'xml', 'jsonld']);
      for (const [format, text] of texts) expect(text.length, format).toBeGreaterThan(100);
      expect(source.length).toBeGreaterThan(100);
    });

    it("each is the source's graph, read back by n3, rdfxml-streaming-parser and jsonld.js", async () => {
      const expected = await comparableGraph(source, source.length);
      for (const [format, bytes] of gzipped) expect(await comparableGraph(await readDownload(format, bytes, BASE), source.length), format).toEqual(expected);
    });

    it.skipIf(!hasRdflib)("each is the source's graph, read back by rdflib", async () => {
      const expected = await comparableGraph(source, source.length);
      const formats = [...texts.keys()];
      const read = readByRdflib(formats.map((format) => ({ text: texts.get(format) ?? '', format: RDFLIB_NAMES[format], base: BASE })));
      for (const [at, format] of formats.entries())
        expect(await comparableGraph(new Parser({ format: 'N-Triples' }).parse(read[at]), source.length), format).toEqual(expected);
    });
  });
}

downloadsOf('the repo sample', SAMPLE_ONTOLOGY, true);
downloadsOf('W3C PROV-O, N-Quads from the npm registry (@vocabulary/prov)', PROV_O, true);
downloadsOf('folio-excerpt.owl', EXCERPT, hasShared);
