// Ids with a colon (Open Graph's `audio:type`, `og:title`) or a leading "_" (EXIF's `_unknown`): a URL path segment
// and a Linux file name hold them, so they are published at the URL a client builds from the IRI (`/audio:type`,
// `/_unknown/ttl`…), on every host, a colon written as it is or escaped (%3A). The site's own "_" names are refused.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, SITE_OWN_NAMES, type HostName } from '../generator/route/router.ts';
import { startGitHubPages } from './support/github-pages.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild } from './support/run-cli.ts';
import type { RunningServer } from './support/server-process.ts';
import { startWranglerPages } from './support/wrangler.ts';

const BASE_IRI = 'https://ogp.me/ns#';
const COLON_IDS = ['audio:type', 'og:title', 'image:width'];
const UNDERSCORE_IDS = ['_unknown', '_2'];
const IDS = [...COLON_IDS, ...UNDERSCORE_IDS];
const ONTOLOGY = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<${BASE_IRI}Object> a owl:Class ; rdfs:label "Object" .
<${BASE_IRI}audio:type> a owl:DatatypeProperty ; rdfs:label "audio type" ; rdfs:domain <${BASE_IRI}Object> .
<${BASE_IRI}og:title> a owl:DatatypeProperty ; rdfs:label "title" .
<${BASE_IRI}image:width> a owl:DatatypeProperty ; rdfs:label "image width" .
<${BASE_IRI}_unknown> a owl:Class ; rdfs:label "unknown" ; rdfs:subClassOf <${BASE_IRI}Object> .
<${BASE_IRI}_2> a owl:Class ; rdfs:label "two" .
<${BASE_IRI}_api> a owl:Class ; rdfs:label "the formats folder's name" .
<${BASE_IRI}_top> a owl:Class ; rdfs:label "the tree's top list's name" .
`;

const scratch = mkdtempSync(join(tmpdir(), 'id-characters-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Built API-only for `host`; the build's stdout, and each id's file for each format as the router places it. */
async function built(host: HostName): Promise<{ out: string; stdout: string }> {
  const source = join(scratch, `og-${host}.ttl`);
  writeFileSync(source, ONTOLOGY);
  const out = join(scratch, `out-${host}`);
  const result = await runBuild(['--ontology', source, '--out', out, '--api-only', '--host', host, '--base-url', 'http://127.0.0.1:1/']);
  expect(result.code, result.stderr).toBe(0);
  return { out, stdout: result.stdout };
}

/** Every format of every such id answers 200 with its file's bytes and CORS, at the raw and at the escaped URL. */
async function expectServed(server: RunningServer, out: string, fileOf: (id: string, suffix: string) => string): Promise<void> {
  for (const id of IDS) {
    for (const { urlSuffix } of FORMATS) {
      const expected = readFileSync(join(out, fileOf(id, urlSuffix)), 'utf8');
      for (const path of new Set([`/${id}${urlSuffix}`, `/${id.replace(':', '%3A')}${urlSuffix}`])) {
        const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(await response.text(), path).toBe(expected);
      }
    }
  }
}

// Where the rewriting layout keeps each format: the record at `{id}`, the others in `_api/` by extension.
const rewritingFile = (id: string, suffix: string) => (suffix === '' ? id : `_api/${id}${FORMATS.find((spec) => spec.urlSuffix === suffix)?.extension}`);

describe('ids with a colon or a leading "_"', () => {
  let rewriting: { out: string; stdout: string };
  let pages: { out: string; stdout: string };
  beforeAll(async () => {
    [rewriting, pages] = await Promise.all([built('rewriting'), built('github-pages')]);
  }, 120_000);

  it("are published under their own names; the site's own names alone are refused, with the warning naming them", () => {
    for (const id of IDS) expect(JSON.parse(readFileSync(join(rewriting.out, id), 'utf8')).iri).toBe(`${BASE_IRI}${id}`);
    const warning = /^\s*warning: unsafe-id: 2 id\(s\) .*$/m.exec(rewriting.stdout)?.[0] ?? '';
    expect(warning).toContain(`"_api" (${JSON.stringify(`${BASE_IRI}_api`)}) is the name of one of the site's own files or folders`);
    expect(warning).toContain(`"_top" (${JSON.stringify(`${BASE_IRI}_top`)}) is the name of one of the site's own files or folders`);
    for (const id of UNDERSCORE_IDS) expect(warning).not.toContain(`"${id}"`);
  });

  it('leave every top-level name a build writes starting with "_" to the site: each is one of its own, or has a dot', () => {
    const own = new Set(
      [rewriting.out, pages.out].flatMap((out) => readdirSync(out).filter((name) => name.startsWith('_') && !name.includes('.') && !IDS.includes(name))),
    );
    expect(own.size).toBeGreaterThan(6);
    for (const name of own) expect(SITE_OWN_NAMES.has(name), name).toBe(true);
  });

  it('answer every format on wrangler pages dev (Cloudflare Pages: its _redirects and _headers)', async () => {
    const server = await startWranglerPages(rewriting.out);
    try {
      await expectServed(server, rewriting.out, rewritingFile);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.skipIf(!hasNginx)(
    'answer every format on nginx with the generated site.conf',
    async () => {
      const server = await startNginxSite(rewriting.out);
      try {
        await expectServed(server, rewriting.out, rewritingFile);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it.skipIf(!hasNginx)(
    'answer every format on the GitHub Pages emulator, laid out for GitHub Pages',
    async () => {
      const server = await startGitHubPages(pages.out);
      try {
        await expectServed(server, pages.out, (id, suffix) => (suffix === '' ? `${id}.html` : `${id}${suffix}`));
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
