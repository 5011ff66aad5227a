// Ids with a colon (Open Graph's `audio:type`, `og:title`), a leading "_" (EXIF's `_unknown`) or a percent escape
// (GS1's `defaultLink%2A`): a URL path segment and a Linux file name hold them, so they are published at the URL a
// client builds from the IRI (`/audio:type`, `/_unknown/ttl`, `/defaultLink%2A`…), on every host, a colon written as
// it is or escaped (%3A), an escaped character escaped or as it is (`/defaultLink*`: hosts decode a path before they
// look its file up, and the files are named so). The site's own "_" names are refused, and escapes of what a file
// name cannot hold, or written otherwise than a URL writes them.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, SITE_OWN_NAMES, fileNameOf, type HostName } from '../generator/route/router.ts';
import { startGitHubPages } from './support/github-pages.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild, runDeploy } from './support/run-cli.ts';
import { folderHashes } from './support/folder-state.ts';
import { startS3 } from './support/s3-emulator.ts';
import type { RunningServer } from './support/server-process.ts';
import { startWranglerPages } from './support/wrangler.ts';

const BASE_IRI = 'https://ogp.me/ns#';
const COLON_IDS = ['audio:type', 'og:title', 'image:width'];
const UNDERSCORE_IDS = ['_unknown', '_2'];
const ESCAPED_IDS = ['defaultLink%2A', 'price%20range', '%2Astar'];
const IDS = [...COLON_IDS, ...UNDERSCORE_IDS, ...ESCAPED_IDS];
// Each left out, with the reason the warning gives.
const REFUSED_ESCAPES: Record<string, string> = {
  'caf%C3%A9': 'escapes characters a URL writes otherwise (as "café")',
  'a%2Fb': 'escapes "/", which a file name on every host cannot hold as itself',
  '50%off': 'has a "%" that is not the escape of a UTF-8 character',
};
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
<${BASE_IRI}defaultLink%2A> a owl:ObjectProperty ; rdfs:label "default link (any)" .
<${BASE_IRI}price%20range> a owl:Class ; rdfs:label "price range" ; rdfs:subClassOf <${BASE_IRI}Object> .
<${BASE_IRI}%2Astar> a owl:Class ; rdfs:label "star" ; rdfs:subClassOf <${BASE_IRI}price%20range> .
${Object.keys(REFUSED_ESCAPES)
  .map((id) => `<${BASE_IRI}${id}> a owl:Class ; rdfs:label "refused" .`)
  .join('\n')}
`;

const scratch = mkdtempSync(join(tmpdir(), 'id-characters-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * RDF/XML (an update parses only the changed blocks of such a file) with escaped ids, and sixty more classes: an
 * edit of more than 5 % of the subjects builds everything again.
 */
function updatableOntology(label: string): string {
  const owlClass = (id: string, text: string, parent?: string) =>
    `<owl:Class rdf:about="${BASE_IRI}${id}"><rdfs:label>${text}</rdfs:label>${parent ? `<rdfs:subClassOf rdf:resource="${BASE_IRI}${parent}"/>` : ''}</owl:Class>`;
  const classes = [
    owlClass('Object', 'Object'),
    owlClass('price%20range', label, 'Object'),
    owlClass('%2Astar', 'star', 'price%20range'),
    ...Array.from({ length: 60 }, (_, at) => owlClass(`Filler${at}`, `filler ${at}`)),
  ];
  return `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">
${classes.join('\n')}
</rdf:RDF>
`;
}

/** Built API-only for `host` (from `ontology`, into the folder `name`); the build's stdout. */
async function built(
  host: HostName,
  extra: string[] = [],
  name = `${host}${extra.join('')}`,
  ontology = ONTOLOGY,
  extension = 'ttl',
): Promise<{ out: string; stdout: string }> {
  const source = join(scratch, `og-${name}.${extension}`);
  writeFileSync(source, ontology);
  const out = join(scratch, `out-${name}`);
  const result = await runBuild(['--ontology', source, '--out', out, '--api-only', '--host', host, '--base-url', 'http://127.0.0.1:1/', ...extra]);
  expect(result.code, result.stderr).toBe(0);
  return { out, stdout: result.stdout };
}

/** The URLs a client may ask for an id at: as the IRI writes it, a colon escaped, an escaped character decoded where a URL can hold it as itself. */
function urlsOf(id: string): Set<string> {
  const decoded = fileNameOf(id);
  return new Set([id, id.replace(':', '%3A'), ...(/\s/.test(decoded) ? [] : [decoded])]);
}

/** Every format of every such id answers 200 with its file's bytes and CORS, at each URL a client may ask for it at. */
async function expectServed(server: RunningServer, out: string, fileOf: (id: string, suffix: string) => string): Promise<void> {
  for (const id of IDS) {
    for (const { urlSuffix } of FORMATS) {
      const expected = readFileSync(join(out, fileOf(id, urlSuffix)), 'utf8');
      for (const path of [...urlsOf(id)].map((url) => `/${url}${urlSuffix}`)) {
        const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(await response.text(), path).toBe(expected);
      }
    }
  }
}

/** Label search and the live tree find the escaped ids, reading their records and files by them (hosts that run code). */
async function expectSearched(server: RunningServer): Promise<void> {
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const iriOf = (found: unknown) => (found as [{ iri: string }][])[0]?.[0].iri;
  expect(iriOf((await json('/search/label?query=star')).results)).toBe(`${BASE_IRI}%2Astar`);
  expect(iriOf((await json('/search/label?query=default%20link')).properties)).toBe(`${BASE_IRI}defaultLink%2A`);
  const children = await json(`/taxonomy/tree/data?node_id=${encodeURIComponent(`${BASE_IRI}price%20range`)}`);
  expect(children.map((child: { id: string }) => child.id)).toEqual([`${BASE_IRI}%2Astar`]);
}

/** Both of the above on a host that runs code, serving a folder laid out for rewriting (its files read from `out`); then it stops. */
async function expectServedAndSearched(starting: Promise<RunningServer>, out: string): Promise<void> {
  const server = await starting;
  try {
    await expectServed(server, out, rewritingFile);
    await expectSearched(server);
  } finally {
    await server.stop();
  }
}

// Where the rewriting layout keeps each format: the record at `{id}`, the others in `_api/` by extension.
const rewritingFile = (id: string, suffix: string) =>
  suffix === '' ? fileNameOf(id) : `_api/${fileNameOf(id)}${FORMATS.find((spec) => spec.urlSuffix === suffix)?.extension}`;

describe('ids with a colon, a leading "_" or a percent escape', () => {
  let rewriting: { out: string; stdout: string };
  let pages: { out: string; stdout: string };
  beforeAll(async () => {
    [rewriting, pages] = await Promise.all([built('rewriting'), built('github-pages')]);
  }, 120_000);

  it("are published under their own names; the site's own names alone are refused, with the warning naming them", () => {
    for (const id of IDS) expect(JSON.parse(readFileSync(join(rewriting.out, fileNameOf(id)), 'utf8')).iri).toBe(`${BASE_IRI}${id}`);
    const warning = /^\s*warning: unsafe-id: 5 id\(s\) .*$/m.exec(rewriting.stdout)?.[0] ?? '';
    for (const [id, reason] of Object.entries(REFUSED_ESCAPES))
      expect(warning).toContain(`${JSON.stringify(id)} (${JSON.stringify(`${BASE_IRI}${id}`)}) ${reason}`);
    expect(warning).toContain(`"_api" (${JSON.stringify(`${BASE_IRI}_api`)}) is the name of one of the site's own files or folders`);
    expect(warning).toContain(`"_top" (${JSON.stringify(`${BASE_IRI}_top`)}) is the name of one of the site's own files or folders`);
    for (const id of UNDERSCORE_IDS) expect(warning).not.toContain(`"${id}"`);
  });

  it('leave every top-level name a build writes starting with "_" to the site: each is one of its own, or has a dot', () => {
    const own = new Set(
      [rewriting.out, pages.out].flatMap((out) =>
        readdirSync(out).filter((name) => name.startsWith('_') && !name.includes('.') && !IDS.map(fileNameOf).includes(name)),
      ),
    );
    expect(own.size).toBeGreaterThan(6);
    for (const name of own) expect(SITE_OWN_NAMES.has(name), name).toBe(true);
  });

  it('answer every format on wrangler pages dev from bundles (--bundle-entities: the worker looks the id up, escaped or not)', async () => {
    const bundled = await built('rewriting', ['--bundle-entities']);
    await expectServedAndSearched(startWranglerPages(bundled.out), rewriting.out);
  }, 120_000);

  it('answer every format from S3 (npm run deploy -- s3, on the s3rver emulator), which looks a key up by the decoded path', async () => {
    const s3 = await startS3();
    try {
      const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
      const deployed = await runDeploy(['s3', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--dir', rewriting.out], credentials);
      expect(deployed.code, deployed.stderr).toBe(0);
      for (const id of ESCAPED_IDS) {
        for (const { urlSuffix } of FORMATS) {
          for (const url of urlsOf(id)) {
            const response = await fetch(`${s3.endpoint}/${s3.bucket}/${url}${urlSuffix}`);
            expect(response.status, url).toBe(200);
            expect(await response.text(), url).toBe(readFileSync(join(rewriting.out, rewritingFile(id, urlSuffix)), 'utf8'));
          }
        }
      }
    } finally {
      await s3.stop();
    }
  }, 120_000);

  it('are updated in place when a label changes, as a full build of the edited ontology writes them', async () => {
    const [before, after] = ['price range', 'range of prices'].map(updatableOntology);
    await built('rewriting', [], 'update', before, 'owl');
    const updated = await built('rewriting', [], 'update', after, 'owl');
    expect(updated.stdout).toMatch(/^updated .* in place/m);
    const full = await built('rewriting', [], 'update-full', after, 'owl');
    // changes.json alone differs: the full build had no previous build to compare with.
    const withoutChanges = (out: string) => new Map([...folderHashes(out)].filter(([path]) => path !== 'changes.json'));
    expect(withoutChanges(updated.out)).toEqual(withoutChanges(full.out));
    expect(JSON.parse(readFileSync(join(updated.out, 'changes.json'), 'utf8')).changed).toEqual(['price%20range']);
    expect(JSON.parse(readFileSync(join(updated.out, 'price range'), 'utf8')).label).toBe('range of prices');
  }, 120_000);

  it('answer every format on wrangler pages dev (Cloudflare Pages: its _redirects and _headers)', async () => {
    await expectServedAndSearched(startWranglerPages(rewriting.out), rewriting.out);
  }, 120_000);

  it.skipIf(!hasNginx)(
    'answer every format on nginx with the generated site.conf',
    async () => {
      await expectServedAndSearched(startNginxSite(rewriting.out), rewriting.out);
    },
    60_000,
  );

  it.skipIf(!hasNginx)(
    'answer every format on the GitHub Pages emulator, laid out for GitHub Pages',
    async () => {
      const server = await startGitHubPages(pages.out);
      try {
        await expectServed(server, pages.out, (id, suffix) => `${fileNameOf(id)}${suffix === '' ? '.html' : suffix}`);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
