// Public vocabularies as the npm registry's @vocabulary/* packages ship them (N-Quads), dev dependencies, each
// built with --base-iri and checked whole from its files and, for the terms that reach every path, over a real
// server: Cloudflare's runtime (wrangler pages dev) for some, nginx with its njs search handler for the others.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { DataFactory, Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { loadModel, type LoadedModel } from '../../generator/generate-api.ts';
import type { ModelEntity } from '../../generator/model/ontology-model.ts';
import { DOWNLOAD_CONTENT_TYPE, DOWNLOADS, FORMATS, SEARCH_FOLDER } from '../../generator/route/paths.ts';
import { rdfXmlProblem } from '../../generator/model/rdfxml-limits.ts';
import { comparableGraph, readDownload } from './downloads.ts';
import { createSearchClient } from '../../generator/search/client/search-client.js';
import { parseRdfXml } from '../../generator/load/parse-rdfxml.ts';
import { hasXmllint, readAllByLibxml2 } from './libxml2.ts';
import { hasRdflib, RDFLIB_FORMATS, readByRdflib } from './rdflib.ts';
import { filesFetch } from './files-fetch.ts';
import { inBatches } from './in-batches.ts';
import { representativeTerms } from './representative-terms.ts';
import { runBuild } from './run-cli.ts';
import { canonicalQuads, toNQuads } from './rdf-compare.ts';
import { REPO_ROOT } from './shared-data.ts';
import { freePort, type RunningServer } from './server-process.ts';
import { startWranglerPages } from './wrangler.ts';
import { hasNginx, startNginxSite } from './nginx.ts';

export interface Vocabulary {
  name: string;
  /** The N-Quads file under node_modules/@vocabulary. */
  file: string;
  baseIri: string;
  /** Built with the site (pages), or the API alone. */
  site: boolean;
  /** The server its files are served by (both read the same build: the layout for hosts that rewrite URLs). */
  server: 'wrangler' | 'nginx';
}

export const VOCABULARIES = {
  // Each wrangler costs 5 s of CPU to start here and nginx a tenth of it: half of them on each, the hosts' two runtimes.
  prov: { name: 'W3C PROV-O', file: 'prov/prov.nq', baseIri: 'http://www.w3.org/ns/prov#', site: true, server: 'wrangler' },
  foaf: { name: 'FOAF', file: 'foaf/foaf.nq', baseIri: 'http://xmlns.com/foaf/0.1/', site: true, server: 'nginx' },
  org: { name: 'W3C ORG', file: 'org/org.nq', baseIri: 'http://www.w3.org/ns/org#', site: true, server: 'nginx' },
  dcterms: { name: 'DC terms', file: 'dcterms/dcterms.nq', baseIri: 'http://purl.org/dc/terms/', site: true, server: 'wrangler' },
  crm: { name: 'CIDOC CRM', file: 'crm/crm.nq', baseIri: 'http://www.cidoc-crm.org/cidoc-crm/', site: true, server: 'nginx' },
  // 3,487 terms: the API only, to keep the run short (the pages are the same code as the others').
  dbo: { name: 'DBpedia ontology', file: 'dbo/dbo.nq', baseIri: 'http://dbpedia.org/ontology/', site: false, server: 'wrangler' },
} as const satisfies Record<string, Vocabulary>;

/** The source's own triples about `iri` and the blank nodes they reach, read by n3 alone (not the generator's loader). */
function sourceTriples(quads: readonly Quad[]): (iri: string) => Quad[] {
  const bySubject = new Map<string, Quad[]>();
  for (const quad of quads) {
    const key = `${quad.subject.termType}:${quad.subject.value}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), quad]);
  }
  return (iri) => {
    const found: Quad[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const quad of bySubject.get(key) ?? []) {
        found.push(quad);
        if (quad.object.termType === 'BlankNode') visit(`BlankNode:${quad.object.value}`);
      }
    };
    visit(`NamedNode:${iri}`);
    return found;
  };
}

/** The same graph: N-Quads lines compared as sets, canonicalised only when blank nodes need matching. */
async function expectSameTriples(actual: readonly Quad[], expected: readonly Quad[], what: string): Promise<void> {
  const blank = [...actual, ...expected].some((quad) => quad.object.termType === 'BlankNode' || quad.subject.termType === 'BlankNode');
  if (blank) return expect(await canonicalQuads(actual), what).toBe(await canonicalQuads(expected));
  const lines = async (quads: readonly Quad[]) => [...new Set((await toNQuads(quads)).split('\n').filter(Boolean))].sort();
  expect(await lines(actual), what).toEqual(await lines(expected));
}

/** The checks of one vocabulary, as a describe block of the calling test file. */
export function describeVocabulary(vocabulary: Vocabulary): void {
  const scratch = mkdtempSync(join(tmpdir(), 'vocabulary-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const ontology = join(REPO_ROOT, 'node_modules/@vocabulary', vocabulary.file);
  // Without Debian's nginx (a machine of one's own), wrangler serves them all.
  const servedBy = vocabulary.server === 'nginx' && hasNginx ? 'nginx' : 'wrangler pages dev';
  describe(`${vocabulary.name} (@vocabulary/${vocabulary.file.split('/')[0]}), built with --base-iri and served by ${servedBy}`, () => {
    let served: RunningServer;
    let loaded: LoadedModel;
    let source: (iri: string) => Quad[];
    let allTriples: Quad[] = [];
    let out = '';
    let stdout = '';
    let representatives: ModelEntity[] = [];
    const file = (path: string) => readFileSync(join(out, path), 'utf8');
    beforeAll(async () => {
      out = join(scratch, vocabulary.file.split('/')[0]);
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}/`;
      const options = ['--ontology', ontology, '--base-iri', vocabulary.baseIri, '--base-url', baseUrl, '--out', out];
      const result = await runBuild(vocabulary.site ? options : [...options, '--api-only']);
      expect(result.code, result.stderr).toBe(0);
      stdout = result.stdout;
      loaded = await loadModel({ ontology, baseIri: vocabulary.baseIri, baseUrl });
      // Each term's triples, whichever graph the package put them in.
      allTriples = new Parser({ format: 'N-Quads' })
        .parse(readFileSync(ontology, 'utf8'))
        .map((quad) => DataFactory.quad(quad.subject, quad.predicate, quad.object));
      source = sourceTriples(allTriples);
      representatives = representativeTerms(loaded.model.entities, source);
      served = await (servedBy === 'nginx' ? startNginxSite(out, port) : startWranglerPages(out, port));
    }, 180_000);
    afterAll(async () => {
      await served?.stop();
    });

    it('publishes terms of more than one kind, every one of them', () => {
      expect(new Set(loaded.model.entities.map((entity) => entity.type)).size).toBeGreaterThan(1);
      expect(loaded.model.entities.length).toBeGreaterThan(40);
      expect(stdout).not.toMatch(/^error/m);
      // Every id is published: DBpedia's with a "/" (`Astronaut/timeInSpace`) too.
      expect(stdout).not.toContain('unsafe-id');
    });

    // The whole vocabulary, from the files a host serves: every term, every format.
    it("writes every term's record, Markdown and page with its iri and label, and its JSON-LD, RDF/XML, Turtle and N-Triples with exactly its source triples", async () => {
      const { router } = loaded;
      // Read by libxml2 too (the small vocabularies only: DBpedia's 3,487 terms would add seconds), in one batch.
      const byLibxml2 = hasXmllint && vocabulary.site ? readAllByLibxml2(loaded.model.entities.map((entity) => file(router.filePath(entity.id, 'xml')))) : [];
      for (const [at, entity] of loaded.model.entities.entries()) {
        expect(JSON.parse(file(router.filePath(entity.id, 'json'))), entity.id).toMatchObject({ iri: entity.iri, label: entity.record.label });
        expect(file(router.filePath(entity.id, 'markdown')), entity.id).toContain(`**IRI:** ${entity.iri}\n`);
        if (vocabulary.site) expect(file(router.pageFile(entity.id)), entity.id).toContain(`<code>${entity.iri}</code>`);
        const expected = source(entity.iri);
        expect(expected.length, entity.id).toBeGreaterThan(0);
        const document = JSON.parse(file(router.filePath(entity.id, 'jsonld'))) as object;
        const fromJsonLd = new Parser({ format: 'N-Quads' }).parse((await jsonld.toRDF(document, { format: 'application/n-quads' })) as unknown as string);
        await expectSameTriples(fromJsonLd, expected, `${entity.id} JSON-LD`);
        const xml = await parseRdfXml(file(router.filePath(entity.id, 'xml')), `${entity.id}.xml`, vocabulary.baseIri);
        await expectSameTriples(xml, expected, `${entity.id} RDF/XML`);
        await expectSameTriples(new Parser({ format: 'Turtle' }).parse(file(router.filePath(entity.id, 'ttl'))), expected, `${entity.id} Turtle`);
        await expectSameTriples(new Parser({ format: 'N-Triples' }).parse(file(router.filePath(entity.id, 'nt'))), expected, `${entity.id} N-Triples`);
        if (byLibxml2.length > 0) {
          const read = await parseRdfXml(byLibxml2[at], `${entity.id}.xml`, vocabulary.baseIri);
          await expectSameTriples(read, expected, `${entity.id} RDF/XML read by libxml2`);
        }
      }
      // And every term's RDF/XML, JSON-LD, Turtle and N-Triples read by rdflib, in one process (the small vocabularies again).
      if (hasRdflib && vocabulary.site) {
        const entities = loaded.model.entities;
        const read = readByRdflib(
          entities.flatMap((entity) =>
            RDFLIB_FORMATS.map(({ format, as }) => ({ text: file(router.filePath(entity.id, format)), format: as, base: vocabulary.baseIri })),
          ),
        );
        for (const [at, entity] of entities.entries()) {
          for (const [offset, { format }] of RDFLIB_FORMATS.entries()) {
            const triples = new Parser({ format: 'N-Triples' }).parse(read[at * RDFLIB_FORMATS.length + offset]);
            await expectSameTriples(triples, source(entity.iri), `${entity.id} ${format} read by rdflib`);
          }
        }
      }
    }, 300_000);

    // The whole vocabulary in each format, as served: read back, the package's graph (RDF/XML without what it cannot say).
    it('serves the whole-ontology downloads, each read back as the source graph', async () => {
      const sayable = allTriples.filter(
        (quad) => rdfXmlProblem(quad.predicate.value, quad.object.termType === 'BlankNode' ? '' : quad.object.value) === undefined,
      );
      for (const { format, path } of DOWNLOADS) {
        const response = await fetch(`${served.baseUrl}/${path}`, { redirect: 'manual' });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe(DOWNLOAD_CONTENT_TYPE);
        const read = await readDownload(format, new Uint8Array(await response.arrayBuffer()), vocabulary.baseIri);
        const expected = format === 'xml' ? sayable : allTriples;
        expect(await comparableGraph(read, expected.length), path).toEqual(await comparableGraph(expected, expected.length));
      }
    }, 120_000);

    it('finds every labelled term by the first word of its label, with the search client over the index files', async () => {
      const labelled = loaded.model.entities.filter((entity) => entity.record.label !== null);
      // PROV-O leaves 15 of its 133 terms (annotation properties such as prov:aq) unlabelled; most are labelled.
      expect(labelled.length).toBeGreaterThan(loaded.model.entities.length / 2);
      const origin = 'http://vocabulary.test';
      const indexFiles = fg.sync(`${SEARCH_FOLDER}/**/*.json`, { cwd: out }).map((path) => ({ path, contents: file(path) }));
      const client = createSearchClient({ indexUrl: `${origin}/${SEARCH_FOLDER}/`, fetch: filesFetch(indexFiles, origin) });
      for (const entity of labelled) {
        const word = (entity.record.label ?? '').split(/\s+/)[0];
        const found = await client.searchPrefix(word, { limit: 1000 });
        expect(
          [...found.classes, ...found.properties].map((hit) => hit.iri),
          `${entity.id} by "${word}"`,
        ).toContain(entity.iri);
      }
    }, 300_000);

    // Over the server, the terms that between them reach every path (see representativeTerms), many
    // requests at once, as a page of autocomplete fields sends them: each URL answers its file's bytes.
    it('serves every format and the search URL of the terms that have every feature any term has, with CORS', async () => {
      const { router } = loaded;
      // Every kind of term the vocabulary has, in a few of its terms.
      expect(new Set(representatives.map((entity) => entity.type))).toEqual(new Set(loaded.model.entities.map((entity) => entity.type)));
      expect(representatives.length).toBeLessThan(Math.max(40, loaded.model.entities.length / 5));
      const formats = FORMATS.map(({ format }) => format);
      await inBatches(representatives, 16, async (entity) => {
        for (const format of formats) {
          const response = await fetch(`${served.baseUrl}${router.urlPath(entity.id, format)}`, { redirect: 'manual' });
          expect(response.status, `${entity.id} ${format}`).toBe(200);
          expect(response.headers.get('access-control-allow-origin'), `${entity.id} ${format}`).toBe('*');
          expect(await response.text(), `${entity.id} ${format}`).toBe(file(router.filePath(entity.id, format)));
        }
        if (vocabulary.site) {
          const page = await fetch(`${served.baseUrl}${router.pageUrlPath(entity.id)}`, { redirect: 'manual' });
          expect(page.status, entity.id).toBe(200);
          expect(await page.text(), entity.id).toContain(`<code>${entity.iri}</code>`);
        }
        if (entity.record.label === null) return;
        const word = entity.record.label.split(/\s+/)[0];
        const search = await fetch(`${served.baseUrl}/search/prefix?query=${encodeURIComponent(word)}&limit=1000`);
        expect(search.status, entity.id).toBe(200);
        const found = (await search.json()) as { classes: { iri: string }[]; properties: { iri: string }[] };
        expect(
          [...found.classes, ...found.properties].map((hit) => hit.iri),
          `${entity.id} by "${word}"`,
        ).toContain(entity.iri);
      });
    }, 300_000);
  });
}
