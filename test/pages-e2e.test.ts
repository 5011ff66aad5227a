import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { FORMATS } from '../generator/route/router.ts';
import { runBuild } from './support/run-cli.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared, readUpstream } from './support/shared-data.ts';
import { startWranglerPages, type RunningServer } from './support/wrangler.ts';

const BASE_URL = 'https://api.example.org/';

// Build with the real command line, serve with Cloudflare's runtime, fetch every entity's four URLs.
function servedOnPages(name: string, ontology: string, enabled: boolean, extra: (context: () => Context) => void = () => {}): void {
  describe.skipIf(!enabled)(`${name} on wrangler pages dev`, () => {
    const context = {} as Context;
    beforeAll(async () => {
      context.out = mkdtempSync(join(tmpdir(), 'pages-e2e-'));
      const result = await runBuild(['--ontology', ontology, '--out', context.out, '--base-url', BASE_URL]);
      expect(result.code, result.stderr).toBe(0);
      context.build = await generateApi({ ontology, baseUrl: BASE_URL });
      context.server = await startWranglerPages(context.out);
    });
    afterAll(async () => {
      await context.server?.stop();
      if (context.out) rmSync(context.out, { recursive: true, force: true });
    });

    it('answers every format of every entity with 200, no redirect, its Content-Type and CORS *', async () => {
      const emitted = new Map(context.build.files.map((file) => [file.path, file.contents]));
      let checked = 0;
      for (const entity of context.build.model.entities) {
        for (const spec of FORMATS) {
          const url = `${context.server.baseUrl}${context.build.router.urlPath(entity.id, spec.format)}`;
          const response = await fetch(url, { redirect: 'manual' });
          expect(response.status, url).toBe(200);
          expect(response.headers.get('content-type'), url).toBe(spec.contentType);
          expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
          expect(await response.text(), url).toBe(emitted.get(context.build.router.filePath(entity.id, spec.format)));
          checked += 1;
        }
      }
      expect(checked).toBe(context.build.model.entities.length * 4);
    });

    it.each(FORMATS.map((spec) => [spec.urlSuffix || '(record)', spec] as const))('unknown id %s: 404 with the live service body', async (_, spec) => {
      const response = await fetch(`${context.server.baseUrl}/RnoSuchEntity0000000000${spec.urlSuffix}`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ message: 'Entity not found.' });
    });

    it('serves the Astro home page next to the API', async () => {
      const response = await fetch(`${context.server.baseUrl}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<h1>Ontology API</h1>');
    });

    extra(() => context);
  });
}

interface Context {
  out: string;
  build: ApiBuild;
  server: RunningServer;
}

servedOnPages('the repo sample', SAMPLE_ONTOLOGY, true);

servedOnPages('folio-excerpt.owl', EXCERPT, hasShared, (context) => {
  it('serves JSON and Markdown equal to the live service for every upstream entity', async () => {
    const { server, build } = context();
    const upstream = readUpstream().filter((entity) => String(entity.record.iri).startsWith(build.model.baseIri));
    expect(upstream.length).toBeGreaterThan(160);
    for (const entity of upstream) {
      const record = await fetch(`${server.baseUrl}/${entity.id}`).then((response) => response.json());
      expect(record, entity.id).toStrictEqual(entity.record);
      if (entity.markdown === undefined) continue;
      expect(await fetch(`${server.baseUrl}/${entity.id}/markdown`).then((response) => response.text()), entity.id).toBe(entity.markdown);
    }
  });
});
