import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { DOWNLOAD_CONTENT_TYPE, DOWNLOADS, FORMATS } from '../generator/route/router.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { inBatches } from './support/in-batches.ts';
import { memoryFetch } from './support/memory-fetch.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';
import { sharedFixture } from './support/shared-fixtures.ts';
import type { SharedFixtureName } from './support/fixture-table.ts';
import { expectServedAsUpstream } from './support/upstream-served.ts';
import type { RunningServer } from './support/server-process.ts';
import { startWranglerPages } from './support/wrangler.ts';

const BASE_URL = 'https://api.example.org/';

// Build with the real command line, serve with Cloudflare's runtime, fetch every entity's four URLs.
// `shared`: the run's shared build and server of the same ontology (see support/shared-fixtures.ts), built for the
// server's own address, instead of a build and a server of this file's.
function servedOnPages(name: string, ontology: string, enabled: boolean, extra: (context: () => Context) => void = () => {}, shared?: SharedFixtureName): void {
  describe.skipIf(!enabled)(`${name} on wrangler pages dev`, () => {
    const context = {} as Context;
    // This file's build and server, or its lease on the shared ones.
    let own: BuiltSite | undefined;
    beforeAll(async () => {
      if (shared) {
        own = await sharedFixture(shared);
        context.server = own.server;
        context.build = await generateApi({ ontology, baseUrl: `${own.server.baseUrl}/` });
        return;
      }
      own = await buildAndServe(['--ontology', ontology, '--base-url', BASE_URL], (folder) => startWranglerPages(folder));
      context.server = own.server;
      context.build = await generateApi({ ontology, baseUrl: BASE_URL });
    });
    afterAll(async () => {
      await own?.close();
    });

    it('answers every format of every entity with 200, no redirect, its Content-Type and CORS *', async () => {
      const emitted = new Map(context.build.files.map((file) => [file.path, file.contents]));
      let checked = 0;
      await inBatches(context.build.model.entities, 8, async (entity) => {
        for (const spec of FORMATS) {
          const url = `${context.server.baseUrl}${context.build.router.urlPath(entity.id, spec.format)}`;
          const response = await fetch(url, { redirect: 'manual' });
          expect(response.status, url).toBe(200);
          expect(response.headers.get('content-type'), url).toBe(spec.contentType);
          expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
          expect(await response.text(), url).toBe(emitted.get(context.build.router.filePath(entity.id, spec.format)));
          checked += 1;
        }
      });
      expect(checked).toBe(context.build.model.entities.length * 6);
    });

    it.each(FORMATS.map((spec) => [spec.urlSuffix || '(record)', spec] as const))('unknown id %s: 404 with the live service body', async (_, spec) => {
      const response = await fetch(`${context.server.baseUrl}/RnoSuchEntity0000000000${spec.urlSuffix}`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ message: 'Entity not found.' });
    });

    it('answers /{id}/html for every entity with its concept page', async () => {
      await inBatches(context.build.model.entities, 8, async (entity) => {
        const url = `${context.server.baseUrl}${context.build.router.pageUrlPath(entity.id)}`;
        const response = await fetch(url, { redirect: 'manual' });
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
        expect(await response.text(), url).toContain(`data-pagefind-meta="title">`);
      });
    });

    it('serves the Astro home page next to the API', async () => {
      const response = await fetch(`${context.server.baseUrl}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(`<h1>${context.build.model.info.title}</h1>`);
    });

    it('serves the whole-ontology downloads, linked from the home page, gzipped, as application/gzip with CORS', async () => {
      const home = await (await fetch(`${context.server.baseUrl}/`)).text();
      for (const { path } of DOWNLOADS) {
        expect(home, path).toContain(`href="/${path}"`);
        const response = await fetch(`${context.server.baseUrl}/${path}`, { redirect: 'manual', headers: { 'Accept-Encoding': 'identity' } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe(DOWNLOAD_CONTENT_TYPE);
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        const made = context.build.files.find((file) => file.path === path)?.encoded;
        expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(made ?? [])), path).toBe(true);
      }
    });

    it('answers the exact search URL like the client, with CORS, and 400 for a bad query', async () => {
      const client = createSearchClient({ indexUrl: 'https://index.example/search/', fetch: memoryFetch(context.build.files, 'https://index.example').fetch });
      const labels = context.build.model.entities.flatMap((entity) => [entity.record.label ?? '', ...entity.record.alternative_labels]);
      const queries = [...new Set(labels.flatMap((label) => [1, 2, 3, 6].map((length) => [...label].slice(0, length).join(''))))].slice(0, 150);
      for (const query of [...queries, 'zz-no-such-prefix']) {
        for (const limit of [undefined, 3]) {
          const url = `${context.server.baseUrl}/search/prefix?query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`;
          const response = await fetch(url);
          expect(response.status, url).toBe(200);
          expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
          expect(await response.json(), url).toEqual(await client.searchPrefix(query, { limit }));
        }
      }
      for (const bad of ['', '%21%21%21', 'a'.repeat(1025), 'co&limit=0', 'co&limit=1001']) {
        const response = await fetch(`${context.server.baseUrl}/search/prefix?query=${bad}`);
        expect(response.status, bad).toBe(400);
        expect(Object.keys((await response.json()) as object)).toEqual(['detail']);
      }
      const script = await fetch(`${context.server.baseUrl}/search/client.js`);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(await script.text()).toBe(emittedFile(context.build, 'search/client.js'));
    });

    extra(() => context);
  });
}

function emittedFile(build: ApiBuild, path: string): string | undefined {
  return build.files.find((file) => file.path === path)?.contents;
}

interface Context {
  build: ApiBuild;
  server: RunningServer;
}

servedOnPages('the repo sample', SAMPLE_ONTOLOGY, true, undefined, 'sampleSiteOnWrangler');

servedOnPages('folio-excerpt.owl', EXCERPT, hasShared, (context) => {
  it('serves JSON and Markdown equal to the live service for every upstream entity', async () => {
    const { server, build } = context();
    await expectServedAsUpstream(server.baseUrl, build.model.baseIri);
  });
});
