import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { FORMATS, type Format } from '../generator/route/router.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { branchesOf } from '../generator/live/branches.ts';
import { sourceOf } from '../generator/live/health-view.ts';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLive, answerLiveSearch } from '../generator/live/live-routes.ts';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { pagesArtifact, startGitHubPages } from './support/github-pages.ts';
import { inBatches } from './support/in-batches.ts';
import { memoryFetch } from './support/memory-fetch.ts';
import { hasNginx } from './support/nginx.ts';
import { runBuild, runConformance } from './support/run-cli.ts';
import { freePort, type RunningServer } from './support/server-process.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';
import { expectServedAsUpstream } from './support/upstream-served.ts';
import { startStaticServer } from './support/static-server.ts';

// What GitHub Pages sends for each seed URL of this layout: the type of the file's name (README's host table).
const SERVED_AS: Record<Format | 'html', string> = {
  json: 'text/html; charset=utf-8',
  jsonld: 'application/octet-stream',
  xml: 'application/octet-stream',
  ttl: 'application/octet-stream',
  nt: 'application/octet-stream',
  markdown: 'application/octet-stream',
  html: 'text/html; charset=utf-8',
};
const SEED_SUFFIXES = [...FORMATS.map((spec) => spec.urlSuffix), '/html'];

interface Context {
  baseUrl: string;
  /** The same ontology built for rewriting hosts, in memory: the bodies every other host serves. */
  build: ApiBuild;
  server: RunningServer;
  leftOut: string[];
}

/**
 * Built with `--host github-pages` at a project site's sub-path, packed as upload-pages-artifact packs it and
 * served by the GitHub Pages emulator: every seed URL of every entity, as the FOLIO MCP server's API backend
 * (httpx) and a browser on another origin ask for them.
 */
function servedOnGitHubPages(name: string, ontology: string, enabled: boolean, extra: (context: () => Context) => void = () => {}): void {
  describe.skipIf(!enabled || !hasNginx)(`${name}, laid out for GitHub Pages, on the GitHub Pages emulator`, () => {
    const context = {} as Context;
    const scratch: string[] = [];
    beforeAll(async () => {
      const out = mkdtempSync(join(tmpdir(), 'github-pages-build-'));
      scratch.push(out);
      const port = await freePort();
      context.baseUrl = `http://127.0.0.1:${port}/folio`;
      const result = await runBuild(['--host', 'github-pages', '--ontology', ontology, '--out', out, '--base-url', `${context.baseUrl}/`]);
      expect(result.code, result.stderr).toBe(0);
      const artifact = pagesArtifact(out);
      scratch.push(artifact.folder);
      context.leftOut = artifact.leftOut;
      context.build = await generateApi({ ontology, baseUrl: `${context.baseUrl}/` });
      context.server = await startGitHubPages(artifact.folder, '/folio', port);
    });
    afterAll(async () => {
      await context.server?.stop();
      for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
    });

    it('needs no file that upload-pages-artifact leaves out', () => {
      expect(context.leftOut).toEqual(['.nojekyll']);
    });

    it('answers every format of every entity with 200, no redirect, CORS * and the body every other host serves', async () => {
      const emitted = new Map(context.build.files.map((file) => [file.path, file.contents]));
      let checked = 0;
      await inBatches(context.build.model.entities, 8, async (entity) => {
        for (const spec of FORMATS) {
          const url = `${context.baseUrl}/${entity.id}${spec.urlSuffix}`;
          const response = await fetch(url, { redirect: 'manual' });
          expect(response.status, url).toBe(200);
          expect(response.headers.get('content-type'), url).toBe(SERVED_AS[spec.format]);
          expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
          expect(await response.text(), url).toBe(emitted.get(context.build.router.filePath(entity.id, spec.format)));
          checked += 1;
        }
      });
      expect(checked).toBe(context.build.model.entities.length * 6);
    });

    it('answers /{id}/html for every entity with its concept page, no redirect', async () => {
      await inBatches(context.build.model.entities, 8, async (entity) => {
        const url = `${context.baseUrl}/${entity.id}/html`;
        const response = await fetch(url, { redirect: 'manual' });
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toBe(SERVED_AS.html);
        expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
        expect(await response.text(), url).toContain(`<code>${entity.iri}</code>`);
      });
    });

    it.each(SEED_SUFFIXES.map((suffix) => [suffix || '(record)', suffix]))(
      'unknown id %s: 404 with the live service body, readable cross-origin',
      async (_, suffix) => {
        const response = await fetch(`${context.baseUrl}/RnoSuchEntity0000000000${suffix}?query=ignored`, { redirect: 'manual' });
        expect(response.status).toBe(404);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(await response.json()).toEqual({ message: 'Entity not found.' });
      },
    );

    it("passes the conformance command's GitHub Pages profile, reporting what GitHub decides", async () => {
      const run = await runConformance(['--base-url', `${context.baseUrl}/`, '--host', 'github-pages', '--sample', '3']);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/^PASS {2}\S+: json +200, CORS \*, names the entity +served as text\/html$/m);
      expect(run.stdout).toMatch(/^PASS {2}\/docs \(Swagger UI\) /m);
      expect(run.stdout).toMatch(/^PASS {2}search: the index, cross-origin /m);
      expect(run.stdout).toMatch(/^INFO {2}search: exact URL .* 404 text\/html outside them +callers elsewhere use the client module$/m);
      // The live files pass; the live URLs that need code are reported (GitHub Pages runs none).
      expect(run.stdout).toMatch(/^PASS {2}live: \/info\/health /m);
      expect(run.stdout).toMatch(/^INFO {2}live: structured query /m);
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, 5 reported$/);
    });

    extra(() => context);
  });
}

servedOnGitHubPages('the repo sample', SAMPLE_ONTOLOGY, true, (context) => {
  describe.skipIf(!existsSync(CHROMIUM))('in Chromium', () => {
    let browser: Browser;
    let other: RunningServer;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      // Another origin: a client app calling the deployment, as legal-tech apps do from the browser.
      other = await startStaticServer(mkdtempSync(join(tmpdir(), 'other-origin-')));
      page = await browser.newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await other?.stop();
    });

    it('a page on another origin reads every seed URL of every entity with fetch()', async () => {
      const { baseUrl, build } = context();
      const emitted = new Map(build.files.map((file) => [file.path, file.contents]));
      await page.goto(`${other.baseUrl}/`);
      const urls = build.model.entities.flatMap((entity) => SEED_SUFFIXES.map((suffix) => `${baseUrl}/${entity.id}${suffix}`));
      const answers = await page.evaluate(
        async (list) =>
          Promise.all(
            list.map(async (url) => {
              const response = await fetch(url).catch((error: unknown) => String(error));
              return typeof response === 'string' ? { url, status: 0, body: response } : { url, status: response.status, body: await response.text() };
            }),
          ),
        urls,
      );
      expect(answers).toHaveLength(build.model.entities.length * 7);
      for (const { url, status, body } of answers) {
        expect(status, url).toBe(200);
        const [, id, suffix = ''] = /\/folio\/([^/]+)(\/\w+)?$/.exec(url) ?? [];
        const spec = FORMATS.find((candidate) => candidate.urlSuffix === suffix);
        if (spec) expect(body, url).toBe(emitted.get(build.router.filePath(id, spec.format)));
        else expect(body, url).toContain(`/folio/${id}/jsonld`);
      }
    });

    it("the site's own pages: typeahead through the service worker, links to /{id}/html, /docs and full-text search", async () => {
      const { baseUrl, build } = context();
      await page.goto(`${baseUrl}/`);
      await page.locator('#query').pressSequentially('cou', { delay: 30 });
      await page.waitForSelector('#results li');
      const href = await page.locator('#results li a').first().getAttribute('href');
      expect(href).toMatch(/^\/folio\/R\w+\/html$/);
      const first = await page.locator('#results li a').first().textContent();
      await page.locator('#results li a').first().click();
      await page.waitForURL(`${baseUrl}${href?.slice('/folio'.length)}`);
      expect(await page.locator('h1').textContent()).toBe(first);
      // The exact search URL, same-origin: the service worker answers it as the index does.
      const client = createSearchClient({ indexUrl: 'https://index.example/search/', fetch: memoryFetch(build.files, 'https://index.example').fetch });
      const answer = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<unknown>, `${baseUrl}/search/prefix?query=cou&limit=3`);
      expect(answer).toEqual(await client.searchPrefix('cou', { limit: 3 }));
      // The live URLs that need code, same-origin: the service worker answers them from the build's files too.
      const graph = LiveGraph.of(build.model);
      const segment = branchesOf(graph)[0].segment;
      for (const path of [
        '/search/query?label=a&limit=2',
        '/search/query_properties?label=%28&match_mode=regex',
        `/taxonomy/${segment}?max_depth=-1`,
        '/connections',
      ]) {
        const served = await page.evaluate(async (url) => {
          const response = await fetch(url);
          return { status: response.status, body: (await response.json()) as unknown };
        }, `${baseUrl}${path}`);
        const expected = path.startsWith('/search/') ? await answerLiveSearch(graph, path) : answerLive(graph, sourceOf([SAMPLE_ONTOLOGY]), path);
        expect(served, path).toEqual(expected);
      }
      // /docs answers itself (no redirect), and its relative links still reach Swagger UI and openapi.json.
      await page.goto(`${baseUrl}/docs`);
      await page.waitForSelector('.swagger-ui .info .title');
      expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Sample Legal Lexicon API');
      await page.goto(`${baseUrl}/_site/find/`);
      await page.locator('.pagefind-ui__search-input').fill('lawyer');
      await page.waitForSelector('.pagefind-ui__result-link');
      expect(await page.locator('.pagefind-ui__result-link').first().getAttribute('href')).toMatch(/^\/folio\/R\w+\/html$/);
    });
  });
});

servedOnGitHubPages('folio-excerpt.owl', EXCERPT, hasShared, (context) => {
  it('serves JSON and Markdown equal to the live service for every upstream entity', async () => {
    const { baseUrl, build } = context();
    await expectServedAsUpstream(baseUrl, build.model.baseIri);
  });
});
