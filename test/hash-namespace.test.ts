import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { startGitHubPages } from './support/github-pages.ts';
import { hasNginx } from './support/nginx.ts';

// Terms in a "#" namespace, declared by no owl:Ontology (the base IRI comes from the terms themselves).
const VOCABULARY = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix : <https://vocab.example/onto#> .
:Agent a owl:Class ; rdfs:label "Agent" .
:Person a owl:Class ; rdfs:label "Person" ; rdfs:subClassOf :Agent .
:Employee a owl:Class ; rdfs:label "Employee" ; rdfs:subClassOf :Person, owl:Thing .
:employs a owl:ObjectProperty ; rdfs:label "employs" ; rdfs:domain :Agent ; rdfs:range :Employee .
`;

describe.skipIf(!existsSync(CHROMIUM) || !hasNginx)('a vocabulary in a "#" namespace, in Chromium on the GitHub Pages emulator', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hash-namespace-'));
  let site: BuiltSite;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const ontology = join(scratch, 'vocabulary.ttl');
    writeFileSync(ontology, VOCABULARY);
    site = await buildAndServe(['--ontology', ontology, '--host', 'github-pages', '--base-url', 'http://127.0.0.1:{port}/vocab/'], (folder, port) =>
      startGitHubPages(folder, '/vocab', port),
    );
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('publishes each term at its local name after the "#"', async () => {
    const record = (await (await fetch(`${site.server.baseUrl}/Person`)).json()) as { iri: string; sub_class_of: string[] };
    expect(record).toMatchObject({ iri: 'https://vocab.example/onto#Person', sub_class_of: ['https://vocab.example/onto#Agent'] });
  });

  it('the typeahead links a result to its page', async () => {
    await page.goto(`${site.server.baseUrl}/`);
    await page.locator('#query').pressSequentially('pers', { delay: 30 });
    await page.waitForSelector('#results li a');
    expect(await page.locator('#results li a').first().getAttribute('href')).toBe('/vocab/Person/html');
    await page.locator('#results li a').first().click();
    await page.waitForURL(`${site.server.baseUrl}/Person/html`);
    expect(await page.locator('h1').textContent()).toBe('Person');
  });

  it("the tree opens the path to a class from its parents' IRIs", async () => {
    await page.goto(`${site.server.baseUrl}/_site/tree/?id=Employee`);
    await page.waitForSelector('li.current');
    expect(await page.locator('li.current > a').textContent()).toBe('Employee');
    expect(await page.locator('li.current > a').getAttribute('href')).toBe('/vocab/Employee/html');
    // The open branches on its path, each named by its label (its number of children beside it).
    expect(await page.locator('a[role="treeitem"][aria-expanded="true"] > .label').allTextContents()).toEqual(['Agent', 'Person']);
  });
});
