import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndexingPages } from '../generator/astro/full-text.ts';
import { attribute, escapeText, html } from '../generator/site/html.ts';
import { loadModel } from '../generator/generate-api.ts';
import { HOSTS, Router, SITE_PAGES } from '../generator/route/router.ts';
import { cacheFolder } from '../generator/write/cache-folder.ts';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const HOSTILE = ['', 'plain', `<script>alert('x')</script>`, 'Tom & "Jerry"', '&amp; is already an entity', "it's < 5 > 3", 'ünïcødé — 税务 ציבורי'];

// The build writes the concept pages itself; the rest of the site is Astro's: both must read as Astro writes.
describe('markup as Astro writes it', () => {
  it('escapes text as an Astro {expression} does', () => {
    for (const text of HOSTILE) expect(escapeText(text), text).toBe(escapeHTML(text));
    expect(html`<p>${HOSTILE[2]}</p>`.html).toBe(`<p>${escapeHTML(HOSTILE[2])}</p>`);
  });

  it('writes attributes as an Astro name={value} does, the empty string as a bare name and null as nothing', () => {
    for (const value of [...HOSTILE, null, undefined]) expect(attribute('data-x', value).html, String(value)).toBe(String(addAttribute(value, 'data-x')));
  });

  it('leaves markup as it is, joins lists, and writes nothing for false, null and undefined', () => {
    const item = (text: string) => html`<li>${text}</li>`;
    expect(html`<ul>${['a<', 'b'].map(item)}</ul>${false}${null}${undefined}${0}`.html).toBe('<ul><li>a&lt;</li><li>b</li></ul>0');
  });
});

describe.each(HOSTS)('the concept pages of a site laid out for %s', (host) => {
  const out = mkdtempSync(join(tmpdir(), 'concept-pages-'));
  const baseUrl = 'https://example.github.io/lexicon/';
  const router = new Router(baseUrl, host);
  const read = (path: string) => readFileSync(join(out, path), 'utf8');
  beforeAll(async () => {
    const result = await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--host', host, '--base-url', baseUrl]);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(cacheFolder(out), { recursive: true, force: true });
  });

  it("are where the router puts them, one per entity, each with its entity's title", async () => {
    const { model } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl, host });
    expect(model.entities.length).toBeGreaterThan(50);
    for (const entity of model.entities) {
      expect(read(router.pageFile(entity.id)), entity.id).toContain(`<h1 data-pagefind-meta="title">${escapeText(entity.record.label ?? entity.id)}</h1>`);
    }
  });

  it("share the frame Astro's layout gives the site's own pages: head, header, body data", () => {
    // What differs from page to page: the title, the description, the head's extras, the main content.
    const frame = (page: string) =>
      page
        .replace(/<title>[^<]*<\/title>/, '<title></title>')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace(/<link rel="canonical"[^>]*>(<meta property="og:[^>]*>)+/, '')
        .replace(/<script type="application\/ld\+json">.*?<\/script>/s, '')
        .replace(/<script type="module" src="[^"]*\/concept\.js"><\/script>/, '')
        .replace(/<main>.*<\/main>/s, '<main></main>');
    const concept = read(router.pageFile('RSNhlUVbMWZc7bs6xkOE0ZO'));
    const astroPage = read(`${SITE_PAGES.notFound}/index.html`);
    expect(concept).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">/);
    expect(frame(concept)).toBe(frame(astroPage));
    expect(frame(concept)).toContain(`data-page-link="${router.pageLinkPath('{id}')}"`);
  });
});

describe("Pagefind's command over the pages", () => {
  const site = mkdtempSync(join(tmpdir(), 'full-text-'));
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it("indexes the pages the glob matches, with no setting of the user's (PAGEFIND_ variables) taken in", async () => {
    mkdirSync(join(site, 'pages', 'one'), { recursive: true });
    writeFileSync(join(site, 'pages', 'one', 'index.html'), '<html lang="en"><body><article data-pagefind-body><h1>One page</h1></article></body></html>');
    process.env.PAGEFIND_FORCE_LANGUAGE = 'fr';
    try {
      expect(await (await startIndexingPages(site, 'pages/*/index.html')).finish()).toBe(1);
    } finally {
      delete process.env.PAGEFIND_FORCE_LANGUAGE;
    }
    const entry = JSON.parse(readFileSync(join(site, '_site/pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> };
    expect(Object.keys(entry.languages)).toEqual(['en']);
  });

  it('fails with what Pagefind said when it cannot build an index', async () => {
    const indexing = await startIndexingPages(site, 'nothing/*.html');
    await expect(indexing.finish()).rejects.toThrow(/^pagefind: exit status \d+: .*not able to build an index/s);
  });
});
