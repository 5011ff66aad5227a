import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApi } from '../generator/generate-api.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { memoryFetch } from './support/memory-fetch.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import type { RunningServer } from './support/server-process.ts';

const ARTIFACTS = join(REPO_ROOT, 'test-results');

// A host that cannot route on query strings: the page's `/search/prefix?query=` is answered by the service worker.
describe.skipIf(!existsSync(CHROMIUM))('search box in a real browser, on a host without query routing', () => {
  let site: BuiltSite;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await buildAndServe(['--ontology', SAMPLE_ONTOLOGY, '--base-url', 'http://127.0.0.1/'], (folder) => startStaticServer(folder));
    server = site.server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('the static host itself does not answer the search URL', async () => {
    expect((await fetch(`${server.baseUrl}/search/prefix?query=law`)).status).toBe(404);
  });

  it('typing a prefix renders the results the client computes', async () => {
    const build = await generateApi({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'http://127.0.0.1/' });
    const expected = await createSearchClient({
      indexUrl: 'https://x.example/search/',
      fetch: memoryFetch(build.files, 'https://x.example').fetch,
    }).searchPrefix('law', { limit: 10 });
    expect(expected.classes.length).toBeGreaterThan(1);

    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.baseUrl}/`);
    await page.locator('#query').pressSequentially('law', { delay: 30 });
    await page.waitForFunction((count) => document.querySelectorAll('#results li').length === count, expected.classes.length + expected.properties.length);
    const links = await page.locator('#results li a').allTextContents();
    expect(links).toEqual([...expected.classes, ...expected.properties].map((hit) => hit.label));
    expect(await page.locator('#status').textContent()).toBe(`${expected.total_classes} classes, ${expected.total_properties} properties`);
    // Where each label matched is marked with the core's text functions alone: the whole client is not fetched.
    expect(await page.locator('#results mark').count()).toBeGreaterThan(0);
    expect(requested).toContain('/search/text.js');
    expect(requested).not.toContain('/search/client.js');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    // A same-origin script gets the exact JSON the client returns.
    const answer = await page.evaluate(async () => (await fetch('/search/prefix?query=law&limit=10')).json());
    expect(answer).toEqual(expected);
    // The client module itself, imported by a page from where the site serves it.
    // A string, so the test runner does not rewrite the page's import().
    const imported: unknown = await page.evaluate("import('/search/client.js').then((client) => client.searchPrefix('law', { limit: 10 }))");
    expect(imported).toEqual(expected);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'search-box.png'), fullPage: true });
  });
});
