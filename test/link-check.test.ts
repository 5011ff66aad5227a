import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLinks, describeLinks } from '../generator/check/check-links.ts';
import { readOutput } from '../generator/check/read-output.ts';
import { Router } from '../generator/route/router.ts';
import { runBuild } from './support/run-cli.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NONE_BROKEN = /^links: (\d+) into the site checked in (\d+) files, none broken$/m;

// The whole site, every page and data file, through the command line's --check-links.
describe('every link into the site resolves to a served file', () => {
  const buildAndCheck = async (name: string, ontology: string, baseUrl: string, extra: string[] = []) => {
    const result = await runBuild(['--ontology', ontology, '--out', join(scratch, name), '--base-url', baseUrl, '--check-links', ...extra]);
    expect(result.code, result.stderr).toBe(0);
    const [, links, files] = NONE_BROKEN.exec(result.stdout) ?? [];
    expect(Number(links)).toBeGreaterThan(700);
    expect(Number(files)).toBeGreaterThan(300);
  };
  it('the sample', () => buildAndCheck('the-sample', SAMPLE_ONTOLOGY, 'http://localhost:4321/'));
  // Served at its own base IRI, every entity IRI in every format is a link into the site.
  it('the sample served at its base IRI', () => buildAndCheck('sample-at-iri', SAMPLE_ONTOLOGY, 'https://lexicon.example.org/'));
  it.skipIf(!hasShared)('folio-excerpt.owl', () => buildAndCheck('excerpt', EXCERPT, 'http://localhost:4321/'));
  // Followed as GitHub Pages serves them: `/x` from `x` or `x.html`, a folder from its index; records are data.
  it('the sample laid out for GitHub Pages, at a sub-path', () =>
    buildAndCheck('pages-layout', SAMPLE_ONTOLOGY, 'http://localhost:4321/folio/', ['--host', 'github-pages']));
});

describe('broken links are reported by file', () => {
  it.skipIf(!hasShared)('names the file and the link of each, and fails the build', async () => {
    // The excerpt is a slice: served at its own IRI, its references to classes outside it lead nowhere.
    const result = await runBuild([
      '--ontology',
      EXCERPT,
      '--out',
      join(scratch, 'excerpt-at-iri'),
      '--base-url',
      'https://folio.openlegalstandard.org/',
      '--api-only',
      '--check-links',
    ]);
    expect(result.code).toBe(1);
    const last = result.stderr.trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(
      /^error: \d+ broken link\(s\) into the site: [\w-]+ → https:\/\/folio\.openlegalstandard\.org\/[\w-]+; .*; and \d+ more \(the output is written\) — fix the references/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('finds a record gone from a build laid out for GitHub Pages, from its IRI in other records', async () => {
    const out = join(scratch, 'pages-layout');
    const files = await readOutput(out);
    const router = new Router('http://localhost:4321/folio/', 'github-pages');
    expect(checkLinks(files, router).broken).toEqual([]);
    const id = 'RGoJQq0Q2UBtC5A0MnURrU';
    files.delete(`${id}.html`);
    const broken = checkLinks(files, router).broken;
    expect(broken).toContainEqual({ file: `${id}/html.html`, link: `http://localhost:4321/folio/${id}` });
    expect(broken.every(({ link }) => link === `http://localhost:4321/folio/${id}`)).toBe(true);
  });

  it('finds a record and a format file gone from a built site, from the page that offers them', async () => {
    const out = join(scratch, 'the-sample');
    const files = await readOutput(out);
    const router = new Router('http://localhost:4321/');
    expect(checkLinks(files, router).broken).toEqual([]);
    const id = [...files.keys()].find((path) => router.fileEntity(path)?.format === 'json') ?? '';
    files.delete(id);
    files.delete(`_api/${id}.jsonld`);
    const report = checkLinks(files, router);
    expect(report.broken).toEqual(
      expect.arrayContaining([
        { file: `_site/pages/${id}/index.html`, link: `http://localhost:4321/${id}` },
        { file: `_site/pages/${id}/index.html`, link: `http://localhost:4321/_api/${id}.jsonld` },
      ]),
    );
    for (const { link } of report.broken)
      expect([`http://localhost:4321/${id}`, `http://localhost:4321/_api/${id}.jsonld`, `http://localhost:4321/${id}/jsonld`]).toContain(link);
    expect(describeLinks(report)).toMatch(/^\d+ broken link\(s\) into the site: _site\/pages\/.+\/index\.html → http:\/\/localhost:4321\//);
  });
});
