import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { sharedFixture } from './support/shared-fixtures.ts';
import type { RunningServer } from './support/server-process.ts';
import { REPO_ROOT } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import { existsSync, readFileSync } from 'node:fs';
import fg from 'fast-glob';

const ARTIFACTS = join(REPO_ROOT, 'test-results');
const LAWYER = 'RSNhlUVbMWZc7bs6xkOE0ZO';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

// The human front door, walked in Chromium against the built site on Cloudflare's runtime.
describe.skipIf(!existsSync(CHROMIUM))('the site in a real browser', () => {
  let site: BuiltSite;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    site = await sharedFixture('sampleSiteOnWrangler');
    server = site.server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  });

  it('home: title, counts, and a typeahead that keyboard opens a concept page', async () => {
    await page.goto(`${server.baseUrl}/`);
    expect(await page.locator('h1').textContent()).toBe('Sample Legal Lexicon');
    expect(await page.locator('.counts li').allTextContents()).toEqual(['52 classes', '6 object properties', '7 languages in translations']);
    // The top-level classes, the largest first, each with its size: together every class.
    const branches = await page.locator('.branches li').allTextContents();
    expect(branches[0]).toBe('Area of Law 16');
    expect(branches.reduce((sum, text) => sum + Number(text.split(' ').at(-1)), 0)).toBe(52);
    // A first build has no changes to show.
    expect(await page.locator('#changes').isHidden()).toBe(true);
    await page.locator('#query').pressSequentially('cou', { delay: 30 });
    // Each keystroke renders its own results: wait for those of the whole query (three characters marked), not of "c" or "co".
    await page.waitForFunction(() => document.querySelector('#results li mark')?.textContent?.length === 3);
    expect(await page.locator('#results li mark').first().textContent()).toBe('Cou');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#results li[aria-selected="true"]').count()).toBe(1);
    await shot(page, 'site-home-typeahead');
    const first = await page.locator('#results li a').first().textContent();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/_site\/pages\/[^/]+\/$/);
    expect(await page.locator('h1').textContent()).toBe(first);
  });

  it("home: where no label begins with the query, the typeahead shows label search's closest labels", async () => {
    await page.goto(`${server.baseUrl}/`);
    // A typo and words out of order: no label begins so. Filled at once: one input, one answer to wait for.
    await page.locator('#query').fill('witnes expert');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('No label begins so'));
    expect(await page.locator('#results li a').first().textContent()).toBe('Expert Witness');
    expect(await page.locator('#results li.close').count()).toBe(await page.locator('#results li').count());
    // Emptied first, so the status below is the next query's, not this one's.
    await page.locator('#query').fill('');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === '');
    await page.locator('#query').fill('lawyre');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('No label begins so'));
    expect(await page.locator('#status').textContent()).toMatch(/^No label begins so; \d+ close match(es)?$/);
    expect(await page.locator('#results li a').first().textContent()).toBe('Lawyer');
    expect(await page.locator('#results li.close').count()).toBe(await page.locator('#results li').count());
  });

  it('concept page: labels, translations, relations, downloads and the embedded JSON-LD', async () => {
    await page.goto(`${server.baseUrl}/${LAWYER}/html`);
    expect(await page.locator('h1').textContent()).toBe('Lawyer');
    expect(await page.locator('table.translations tbody tr').count()).toBe(6);
    expect(await page.locator('section:has(h2:text("Parents")) a').allTextContents()).toEqual(['Actor / Player']);
    expect(await page.locator('section:has(h2:text("Children")) a').allTextContents()).toEqual(['In-House Counsel', 'Trial Lawyer']);
    const jsonld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@id': string };
    expect(jsonld['@id']).toBe(`https://lexicon.example.org/${LAWYER}`);
    for (const href of await page.locator('.downloads a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
      expect((await fetch(href)).status, href).toBe(200);
    }
    await shot(page, 'site-concept');
  });

  it('taxonomy tree: opens branches on demand and the path to a concept', async () => {
    await page.goto(`${server.baseUrl}/_site/tree/`);
    await page.waitForSelector('#tree li');
    const before = await page.locator('#tree li').count();
    await page.locator('#tree li .toggle:not(:empty)').first().click();
    await page.waitForFunction((count) => document.querySelectorAll('#tree li').length > count, before);
    await page.goto(`${server.baseUrl}/_site/tree/?id=RtLgjX4trhr8dJXZg3Yn6V6`);
    await page.waitForSelector('#tree li.current');
    expect(await page.locator('#tree li.current > a').textContent()).toBe('Small Claims Court');
    // The class beside the tree, from its record.
    await page.waitForSelector('#details h2');
    expect(await page.locator('#details h2').textContent()).toBe('Small Claims Court');
    // Its parents by label, each shown in the tree when chosen.
    expect(await page.locator('#details h3').first().textContent()).toMatch(/^Parents \(\d+\)$/);
    const parent = page.locator('#details a.reveal').first();
    const parentId = await parent.getAttribute('data-id');
    await parent.click();
    await page.waitForSelector(`#tree li.current[data-id="${parentId}"]`);
    expect(new URL(page.url()).searchParams.get('id')).toBe(parentId);
    await shot(page, 'site-tree');
  });

  it("concept page: its siblings are listed when asked for, from the parent's tree file; its citation is dated", async () => {
    await page.goto(`${server.baseUrl}/_site/pages/R2qZ7BEi6qpTmbPhjmp2xHB/`);
    await page.locator('details.siblings summary').click();
    await page.waitForSelector('details.siblings ul li');
    const siblings = await page.locator('details.siblings ul li a').allTextContents();
    expect(siblings.length).toBe(5);
    expect(siblings).not.toContain('Criminal Law');
    // The citation with the day it is read.
    expect(await page.locator('.cite p').textContent()).toMatch(/^Criminal Law\. In: Sample Legal Lexicon\. https:\/\/\S+ Accessed \d{4}-\d{2}-\d{2}\.$/);
  });

  it('taxonomy tree: a class found with the search box opens in the tree, selected and shown beside it', async () => {
    await page.goto(`${server.baseUrl}/_site/tree/`);
    await page.waitForSelector('#tree a[role="treeitem"]');
    await page.locator('#query').pressSequentially('Small Claims', { delay: 20 });
    await page.waitForSelector('#results li a[data-id="RtLgjX4trhr8dJXZg3Yn6V6"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#tree li.current[data-id="RtLgjX4trhr8dJXZg3Yn6V6"]');
    expect(new URL(page.url()).pathname).toBe('/_site/tree/');
    await page.waitForSelector('#details h2');
    expect(await page.locator('#details h2').textContent()).toBe('Small Claims Court');
  });

  it('taxonomy tree: the arrow keys move, open and close; Enter shows the class beside the tree and in the address', async () => {
    await page.goto(`${server.baseUrl}/_site/tree/`);
    const parent = page.locator('#tree a[aria-expanded="false"]').first();
    await parent.waitFor();
    const parentId = await parent.evaluate((link) => link.closest('li')?.dataset.id);
    await parent.focus();
    const focused = () =>
      page.evaluate(() => ({ level: document.activeElement?.getAttribute('aria-level'), id: document.activeElement?.closest('li')?.dataset.id }));
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`#tree li[data-id="${parentId}"] > a[aria-expanded="true"]`);
    await page.keyboard.press('ArrowRight');
    expect((await focused()).level).toBe('2');
    const child = (await focused()).id;
    await page.keyboard.press('Enter');
    await page.waitForSelector('#details h2');
    expect(new URL(page.url()).searchParams.get('id')).toBe(child);
    expect(await page.locator('#tree li.current').getAttribute('data-id')).toBe(child);
    // One tab stop: the focused item alone.
    expect(await page.locator('#tree a[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toEqual({ level: '1', id: parentId });
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector(`#tree li[data-id="${parentId}"] > a[aria-expanded="false"]`);
    await page.keyboard.press('ArrowDown');
    expect((await focused()).id).not.toBe(parentId);
  });

  it('full-text search: Pagefind finds a word from a definition, with a branch filter', async () => {
    await page.goto(`${server.baseUrl}/_site/find/`);
    // Both words occur only in Arbitration Clause's definition (never in a label), so it must come first.
    await page.locator('.pagefind-ui__search-input').fill('future disputes');
    await page.waitForSelector('.pagefind-ui__result-link');
    expect((await page.locator('.pagefind-ui__result-link').allTextContents())[0]).toBe('Arbitration Clause');
    expect(await page.locator('.pagefind-ui__filter-name').allTextContents()).toEqual(['Branch']);
    const branches = (await page.locator('.pagefind-ui__filter-label').allTextContents()).map((label) => label.trim().replace(/ \(\d+\)$/, ''));
    expect(branches).toEqual(['Actor / Player', 'Area of Law', 'Document / Artifact', 'Forum / Venue', 'Legal Event', 'Object properties']);
    await shot(page, 'site-find');
  });

  it('/docs: Swagger UI renders from local files and "Try it out" on GET /{id} gets 200', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.baseUrl}/docs/`);
    await page.locator('#operations-entities-get_json .opblock-summary').click();
    await page.locator('#operations-entities-get_json .try-out__btn').click();
    await page.locator('#operations-entities-get_json .execute').click();
    const status = page.locator('#operations-entities-get_json .live-responses-table tr.response .response-col_status');
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    expect(requests.filter((url) => !url.startsWith(server.baseUrl) && !url.startsWith('data:'))).toEqual([]);
    await shot(page, 'site-docs');
  });

  it('concept pages work with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const offline = await context.newPage();
    await offline.goto(`${server.baseUrl}/${LAWYER}/html`);
    expect(await offline.locator('.definition').textContent()).toMatch(/^A person who is qualified/);
    await context.close();
  });
});

describe.skipIf(!existsSync(CHROMIUM))('hostile text stays text', () => {
  let site: BuiltSite;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    site = await buildAndServe(['--ontology', join(REPO_ROOT, 'test/fixtures/hostile.ttl')], (folder) => startStaticServer(folder));
    server = site.server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('labels and definitions with markup render as written and run nothing', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of ['/_site/pages/H1/', '/_site/pages/H2/', '/', '/_site/tree/']) await page.goto(`${server.baseUrl}${path}`);
    await page.goto(`${server.baseUrl}/_site/pages/H1/`);
    expect(await page.locator('h1').textContent()).toBe("<script>alert('label')</script>");
    expect(await page.locator('.definition').textContent()).toBe("Ends the script: </script><script>alert('definition')</script> & more");
    expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')).toMatchObject({
      '@id': 'https://hostile.example.org/H1',
    });
    await page.goto(`${server.baseUrl}/`);
    await page.locator('#query').pressSequentially('scr', { delay: 30 });
    await page.waitForSelector('#results li');
    expect(dialogs).toEqual([]);
  });

  it('no data file runs anything when a host serves it as HTML', async () => {
    const files = (await fg(['H1', '_api/H1.*', 'search/**/*.json', 'openapi.json', '_site/tree/**/*.json'], { cwd: site.out })).sort();
    expect(files.length).toBeGreaterThan(6);
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const file of files) {
      const text = readFileSync(join(site.out, file), 'utf8');
      // JSON escapes "<", Markdown and XML write it as an entity: no tag can open.
      expect(text, file).not.toMatch(/<(script|img)/);
      await page.setContent(text);
      expect(await page.locator('script, img').count(), file).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });
});
