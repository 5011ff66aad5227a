// The site's pages in a real browser (Debian's Chromium through playwright-core): axe-core finds no serious or
// critical accessibility violation on the home page, a class, a property, a concept, the tree, full-text search and
// /docs, in either layout (GitHub Pages' below a sub-path); a concept page is under 60 kB gzipped before any search, asks no other origin, renders its content without
// JavaScript and does not shift once loaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../generator/generate-api.ts';
import { Router, SITE_PAGES } from '../generator/route/router.ts';
import { launchBrowser } from './support/browser.ts';
import { runBuild } from './support/run-cli.ts';
import { freePort, type RunningServer } from './support/server-process.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import { pagesArtifact, startGitHubPages } from './support/github-pages.ts';
import { hasNginx } from './support/nginx.ts';

const KINDS = join(REPO_ROOT, 'test/fixtures/kinds.ttl');
// A concept page's budget, every file it loads gzipped, before any search.
const MOST_PAGE_BYTES = 60_000;

const scratch = mkdtempSync(join(tmpdir(), 'page-quality-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The site built from `ontology` at a free port's base URL, served as plain files (the default layout's own links
 * work so), or laid out for GitHub Pages below a sub-path and served by its emulator (`pages`).
 */
async function servedSite(ontology: string, name: string, pages = false): Promise<{ server: RunningServer; router: Router; ids: Map<string, string> }> {
  const out = join(scratch, name);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/${pages ? 'vocab/' : ''}`;
  const host = pages ? 'github-pages' : 'rewriting';
  const built = await runBuild(['--ontology', ontology, '--out', out, '--base-url', baseUrl, '--host', host]);
  expect(built.code, built.stderr).toBe(0);
  const { model } = await loadModel({ ontology, baseUrl, host });
  // The first entity of each kind.
  const ids = new Map<string, string>();
  for (const entity of model.entities) if (!ids.has(entity.type)) ids.set(entity.type, entity.id);
  const server = pages ? await startGitHubPages(pagesArtifact(out).folder, '/vocab', port) : await startStaticServer(out);
  return { server, router: new Router(baseUrl, host), ids };
}

/** The serious and critical violations axe-core finds on the page, as "rule: first target" lines. */
async function violations(page: Page): Promise<string[]> {
  const found = await new AxeBuilder({ page }).analyze();
  return found.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join('; ')})`,
    );
}

describe('the pages, in Chromium', () => {
  let browser: Browser;
  let sample: Awaited<ReturnType<typeof servedSite>>;
  let kinds: Awaited<ReturnType<typeof servedSite>>;
  beforeAll(async () => {
    [sample, kinds] = await Promise.all([servedSite(SAMPLE_ONTOLOGY, 'sample'), servedSite(KINDS, 'kinds')]);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([sample?.server.stop(), kinds?.server.stop()]);
  });

  // A page's path below the server's base URL (which holds the base path).
  const pageOf = (site: typeof sample, type: string) => {
    const id = site.ids.get(type);
    if (id === undefined) throw new Error(`no ${type} in the site`);
    return site.router.pageLinkPath(id).slice(site.router.basePath.length);
  };
  const paths = (): [string, () => string, () => typeof sample][] => [
    ['the home page', () => '/', () => sample],
    ['a class', () => pageOf(sample, 'http://www.w3.org/2002/07/owl#Class'), () => sample],
    ['a property', () => pageOf(sample, 'http://www.w3.org/2002/07/owl#ObjectProperty'), () => sample],
    ['a concept', () => pageOf(kinds, 'http://www.w3.org/2004/02/skos/core#Concept'), () => kinds],
    ['the tree', () => `/${SITE_PAGES.tree}/`, () => sample],
    ['full-text search', () => `/${SITE_PAGES.find}/`, () => sample],
    ['/docs', () => '/docs/', () => sample],
  ];

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical accessibility violation on any kind of page (${scheme})`, async () => {
      const context = await browser.newContext({ colorScheme: scheme });
      try {
        const page = await context.newPage();
        for (const [what, path, site] of paths()) {
          await page.goto(`${site().server.baseUrl}${path()}`, { waitUntil: 'networkidle' });
          expect(await violations(page), `${what} (${path()})`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it.skipIf(!hasNginx)(
    'has none either laid out for GitHub Pages below a sub-path, on its emulator',
    async () => {
      const pages = await servedSite(SAMPLE_ONTOLOGY, 'pages', true);
      // AxeBuilder asks for a page of a context of its own.
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        const paths = [
          '/',
          pageOf(pages, 'http://www.w3.org/2002/07/owl#Class'),
          pageOf(pages, 'http://www.w3.org/2002/07/owl#ObjectProperty'),
          `/${SITE_PAGES.tree}/`,
          `/${SITE_PAGES.find}/`,
          '/docs',
        ];
        for (const path of paths) {
          const response = await page.goto(`${pages.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
          expect(response?.status(), path).toBe(200);
          expect(await violations(page), path).toEqual([]);
        }
      } finally {
        await context.close();
        await pages.server.stop();
      }
    },
    120_000,
  );

  it.each([
    ['class', 'http://www.w3.org/2002/07/owl#Class'],
    ['concept', 'http://www.w3.org/2004/02/skos/core#Concept'],
  ])(`a %s page loads under ${MOST_PAGE_BYTES / 1000} kB gzipped, from its own origin only, and does not shift`, async (_, type) => {
    const site = type.includes('skos') ? kinds : sample;
    const origin = new URL(site.server.baseUrl).origin;
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    try {
      const loaded: { url: string; bytes: number }[] = [];
      page.on('response', async (response) => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        loaded.push({ url: response.url(), bytes: gzipSync(body).length });
      });
      await page.goto(`${site.server.baseUrl}${pageOf(site, type)}`, { waitUntil: 'networkidle' });
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
                if (!entry.hadRecentInput) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      expect(loaded.length).toBeGreaterThan(1);
      expect(loaded.filter(({ url }) => new URL(url).origin !== origin)).toEqual([]);
      expect(loaded.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThan(MOST_PAGE_BYTES);
      expect(shift).toBeLessThan(0.01);
    } finally {
      await page.close();
    }
  });

  it('a concept page shows its content with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${sample.server.baseUrl}${pageOf(sample, 'http://www.w3.org/2002/07/owl#Class')}`);
      await expect(page.locator('h1').isVisible()).resolves.toBe(true);
      await expect(page.locator('.iri code').isVisible()).resolves.toBe(true);
      // The copy button needs the clipboard, so it stays hidden.
      await expect(page.locator('button.copy').isVisible()).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });
});
