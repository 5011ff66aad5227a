// Ids with a "/", as DBpedia's 138 specialised properties have (`Astronaut/timeInSpace`, IRI
// http://dbpedia.org/ontology/Astronaut/timeInSpace): published at `/{a}/{b}` and `/{a}/{b}/{format}`, beside the
// id `Astronaut` itself, whose record is a file where the slash id needs a folder. Every host answers them: nginx,
// Cloudflare Pages (wrangler, with and without bundles, negotiating), S3 (s3rver) and GitHub Pages' layout; search,
// pages and tree find them; a format's name after a slash (`Astronaut/xml`) is the one shape refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, NOT_FOUND_FILE, Router, type HostName } from '../generator/route/router.ts';
import { folderHashes } from './support/folder-state.ts';
import { startGitHubPages } from './support/github-pages.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild, runConformance, runDeploy } from './support/run-cli.ts';
import { startS3 } from './support/s3-emulator.ts';
import type { RunningServer } from './support/server-process.ts';
import { startWranglerPages } from './support/wrangler.ts';

const BASE_IRI = 'http://dbpedia.org/ontology/';
const SLASH_IDS = ['Astronaut/timeInSpace', 'Person/height', 'Place/area/total', 'Lonely/kind'];
// Their neighbours: an id whose record is a file where the slash ids' folder would be, and its parent.
const IDS = [...SLASH_IDS, 'Astronaut', 'Person'];
const REFUSED = 'Astronaut/xml';
const BASE_URL = 'http://127.0.0.1:1/';

/** The same terms in RDF/XML, which an update parses block by block; `edit` renames Person/height and relabels timeInSpace. */
function rdfXmlOntology(edit = false): string {
  const term = (type: string, id: string, label: string, extra = '') =>
    `<owl:${type} rdf:about="${BASE_IRI}${id}"><rdfs:label xml:lang="en">${label}</rdfs:label>${extra}</owl:${type}>`;
  const terms = [
    term('Class', 'Person', 'person'),
    term('Class', 'Astronaut', 'astronaut', `<rdfs:subClassOf rdf:resource="${BASE_IRI}Person"/>`),
    term('DatatypeProperty', 'Astronaut/timeInSpace', edit ? 'duration in orbit' : 'time in space', `<rdfs:domain rdf:resource="${BASE_IRI}Astronaut"/>`),
    term('DatatypeProperty', edit ? 'Person/weight' : 'Person/height', 'height'),
    term('Class', 'Lonely/kind', 'lonely kind', `<rdfs:subClassOf rdf:resource="${BASE_IRI}Astronaut"/>`),
    ...Array.from({ length: 60 }, (_, at) => term('Class', `Filler${at}`, `filler ${at}`)),
  ];
  return `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">
${terms.join('\n')}
</rdf:RDF>
`;
}

function ontology(): string {
  return `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix dbo: <${BASE_IRI}> .
dbo:Person a owl:Class ; rdfs:label "person"@en ; rdfs:comment "A human being."@en .
dbo:Astronaut a owl:Class ; rdfs:label "astronaut"@en ; rdfs:subClassOf dbo:Person .
<${BASE_IRI}Astronaut/timeInSpace> a owl:DatatypeProperty ; rdfs:label "time in space"@en ; rdfs:domain dbo:Astronaut .
<${BASE_IRI}Person/height> a owl:DatatypeProperty ; rdfs:label "height"@en ; rdfs:domain dbo:Person .
<${BASE_IRI}Place/area/total> a owl:DatatypeProperty ; rdfs:label "total area"@en .
<${BASE_IRI}Lonely/kind> a owl:Class ; rdfs:label "lonely kind"@en ; rdfs:subClassOf dbo:Astronaut .
<${BASE_IRI}${REFUSED}> a owl:DatatypeProperty ; rdfs:label "refused"@en .
${Array.from({ length: 40 }, (_, at) => `dbo:Filler${at} a owl:Class ; rdfs:label "filler ${at}"@en .`).join('\n')}
`;
}

const scratch = mkdtempSync(join(tmpdir(), 'slash-ids-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Built for `host` into the folder `name` (the site too unless `--api-only` is among `extra`); the build's stdout. */
async function built(
  host: HostName,
  extra: string[] = [],
  name = `${host}${extra.join('')}`,
  text = ontology(),
  extension = 'ttl',
): Promise<{ out: string; stdout: string }> {
  const source = join(scratch, `${name}.${extension}`);
  writeFileSync(source, text);
  const out = join(scratch, `out-${name}`);
  const result = await runBuild(['--ontology', source, '--out', out, '--host', host, '--base-url', BASE_URL, ...extra]);
  expect(result.code, result.stderr).toBe(0);
  return { out, stdout: result.stdout };
}

/**
 * Every format of every id answers 200 with its file's bytes, the format's Content-Type (`types`) and CORS; paths
 * of no id answer the JSON 404, an escaped slash too where `encodedSlash` (GitHub Pages' emulator decodes it before it
 * looks a file up, as nginx does where site.conf does not say otherwise).
 */
async function expectServed(server: RunningServer, out: string, host: HostName, { types = true, encodedSlash = true } = {}): Promise<void> {
  const router = new Router(BASE_URL, host);
  for (const id of IDS) {
    for (const { format, contentType } of FORMATS) {
      const path = router.urlPath(id, format);
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      if (types) expect(response.headers.get('content-type'), path).toBe(contentType);
      expect(await response.text(), path).toBe(readFileSync(join(out, router.filePath(id, format)), 'utf8'));
    }
  }
  const encoded = encodedSlash ? ['/Astronaut%2FtimeInSpace', '/Person%2Fheight/jsonld', '/Place%2Farea/total'] : [];
  for (const path of [...encoded, '/Lonely/unknown', '/Place/area/unknown']) {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).toBe(readFileSync(join(out, NOT_FOUND_FILE), 'utf8'));
  }
}

/** The conformance command passes on the deployment, having checked the slash id openapi.json shows among its sample. */
async function expectConformant(server: RunningServer, host: HostName): Promise<void> {
  const run = await runConformance(['--base-url', `${server.baseUrl}/`, '--host', host, '--sample', '3']);
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toMatch(/^PASS {2}Astronaut\/timeInSpace: ttl {2}/m);
}

/** The concept pages of the slash ids, and label search finding one with its record (hosts that run code). */
async function expectPagesAndSearch(server: RunningServer): Promise<void> {
  const router = new Router(BASE_URL, 'rewriting');
  for (const id of SLASH_IDS) {
    const page = await fetch(`${server.baseUrl}${router.pageUrlPath(id)}`, { redirect: 'manual' });
    expect(page.status, id).toBe(200);
    expect(await page.text(), id).toContain(`<code>${BASE_IRI}${id}</code>`);
  }
  const label = await fetch(`${server.baseUrl}/search/label?query=time%20in%20space`);
  expect(label.status).toBe(200);
  const found = (await label.json()) as { properties: [{ iri: string; label: string }][] };
  expect(found.properties[0]?.[0]).toMatchObject({ iri: `${BASE_IRI}Astronaut/timeInSpace`, label: 'time in space' });
  const prefix = await fetch(`${server.baseUrl}/search/prefix?query=total`);
  expect(((await prefix.json()) as { properties: { iri: string }[] }).properties.map((hit) => hit.iri)).toContain(`${BASE_IRI}Place/area/total`);
}

async function stopping(starting: Promise<RunningServer>, check: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await starting;
  try {
    await check(server);
  } finally {
    await server.stop();
  }
}

describe('ids with a "/"', () => {
  let rewriting: { out: string; stdout: string };
  let pages: { out: string; stdout: string };
  beforeAll(async () => {
    [rewriting, pages] = await Promise.all([built('rewriting'), built('github-pages')]);
  }, 180_000);

  it('are published beside the id they start with; a format name after a slash alone is refused, with the warning naming it', () => {
    for (const { out } of [rewriting, pages]) {
      for (const id of IDS) {
        const router = new Router(BASE_URL, out === rewriting.out ? 'rewriting' : 'github-pages');
        expect(JSON.parse(readFileSync(join(out, router.filePath(id, 'json')), 'utf8')).iri, id).toBe(`${BASE_IRI}${id}`);
      }
    }
    for (const { stdout } of [rewriting, pages]) {
      const warning = /^\s*warning: unsafe-id: 1 id\(s\) .*$/m.exec(stdout)?.[0] ?? '';
      expect(warning).toContain(`"${REFUSED}" ("${BASE_IRI}${REFUSED}") has the segment "xml" after a "/"`);
    }
    // The tree lists a slash class under its parent; each is in the search index's records.
    const children = JSON.parse(readFileSync(join(rewriting.out, '_site/tree/Astronaut.json'), 'utf8')) as [string, string, number][];
    expect(children.map(([id]) => id)).toEqual(['Lonely/kind']);
  });

  it('answer every format and page on wrangler pages dev (Cloudflare Pages: its _redirects and _headers), and search finds them', async () => {
    await stopping(startWranglerPages(rewriting.out), async (server) => {
      await expectServed(server, rewriting.out, 'rewriting');
      await expectPagesAndSearch(server);
    });
  }, 120_000);

  it.skipIf(!hasNginx)(
    'answer every format and page on nginx with the generated site.conf, /{a}/{b} negotiated by its Accept header',
    async () => {
      await stopping(startNginxSite(rewriting.out), async (server) => {
        await expectServed(server, rewriting.out, 'rewriting');
        await expectPagesAndSearch(server);
        await expectConformant(server, 'rewriting');
        const router = new Router(BASE_URL, 'rewriting');
        for (const id of SLASH_IDS) {
          const turtle = await fetch(`${server.baseUrl}/${id}`, { headers: { Accept: 'text/turtle' } });
          expect(turtle.headers.get('content-type'), id).toBe('text/turtle; charset=utf-8');
          expect(turtle.headers.get('vary'), id).toBe('Accept');
          expect(await turtle.text(), id).toBe(readFileSync(join(rewriting.out, router.filePath(id, 'ttl')), 'utf8'));
          const record = await fetch(`${server.baseUrl}/${id}`, { headers: { Accept: '*/*' } });
          expect(await record.text(), id).toBe(readFileSync(join(rewriting.out, router.filePath(id, 'json')), 'utf8'));
        }
      });
    },
    60_000,
  );

  it('answer /{a}/{b} in the format the Accept header asks for on wrangler pages dev (--negotiate)', async () => {
    const negotiated = await built('rewriting', ['--api-only', '--negotiate']);
    const router = new Router(BASE_URL, 'rewriting');
    await stopping(startWranglerPages(negotiated.out), async (server) => {
      for (const id of SLASH_IDS) {
        const xml = await fetch(`${server.baseUrl}/${id}`, { headers: { Accept: 'application/rdf+xml' } });
        expect(xml.headers.get('content-type'), id).toBe('application/rdf+xml');
        expect(await xml.text(), id).toBe(readFileSync(join(negotiated.out, router.filePath(id, 'xml')), 'utf8'));
        const record = await fetch(`${server.baseUrl}/${id}`, { headers: { Accept: 'application/json' } });
        expect(await record.text(), id).toBe(readFileSync(join(negotiated.out, router.filePath(id, 'json')), 'utf8'));
      }
    });
  }, 120_000);

  it('answer every format on wrangler pages dev from bundles (--bundle-entities)', async () => {
    const bundled = await built('rewriting', ['--api-only', '--bundle-entities']);
    await stopping(startWranglerPages(bundled.out), async (server) => {
      await expectServed(server, rewriting.out, 'rewriting', { types: false });
      const label = await fetch(`${server.baseUrl}/search/label?query=height`);
      expect(((await label.json()) as { properties: [{ iri: string }][] }).properties[0]?.[0].iri).toBe(`${BASE_IRI}Person/height`);
    });
  }, 120_000);

  it('answer every format from S3 (npm run deploy -- s3, on the s3rver emulator): the bucket holds both `Astronaut` and `Astronaut/timeInSpace`', async () => {
    const s3 = await startS3();
    try {
      const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
      const deployed = await runDeploy(['s3', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--dir', rewriting.out], credentials);
      expect(deployed.code, deployed.stderr).toBe(0);
      const router = new Router(BASE_URL, 'rewriting');
      for (const id of IDS) {
        for (const { format, contentType } of FORMATS) {
          const response = await fetch(`${s3.endpoint}/${s3.bucket}${router.urlPath(id, format)}`);
          expect(response.status, `${id} ${format}`).toBe(200);
          expect(response.headers.get('content-type'), `${id} ${format}`).toBe(contentType);
          expect(await response.text(), `${id} ${format}`).toBe(readFileSync(join(rewriting.out, router.filePath(id, format)), 'utf8'));
        }
      }
      // S3 decodes a path before it looks its key up (s3rver does): an escaped "/" is the object of the "/".
      const escaped = await fetch(`${s3.endpoint}/${s3.bucket}/Astronaut%2FtimeInSpace`);
      expect(await escaped.text()).toBe(readFileSync(join(rewriting.out, router.filePath('Astronaut/timeInSpace', 'json')), 'utf8'));
    } finally {
      await s3.stop();
    }
  }, 120_000);

  it.skipIf(!hasNginx)(
    'answer every format and page on the GitHub Pages emulator, laid out for GitHub Pages',
    async () => {
      await stopping(startGitHubPages(pages.out), async (server) => {
        await expectServed(server, pages.out, 'github-pages', { types: false, encodedSlash: false });
        await expectConformant(server, 'github-pages');
        const router = new Router(BASE_URL, 'github-pages');
        for (const id of SLASH_IDS) {
          const page = await fetch(`${server.baseUrl}${router.pageUrlPath(id)}`, { redirect: 'manual' });
          expect(await page.text(), id).toContain(`<code>${BASE_IRI}${id}</code>`);
        }
      });
    },
    60_000,
  );

  it.each(['rewriting', 'github-pages'] as const)(
    'are updated in place (%s) when a label changes or a slash id comes and goes, as a full build of the edited ontology writes them',
    async (host) => {
      await built(host, ['--api-only'], `update-${host}`, rdfXmlOntology(), 'owl');
      const updated = await built(host, ['--api-only'], `update-${host}`, rdfXmlOntology(true), 'owl');
      expect(updated.stdout).toMatch(/^updated .* in place/m);
      const full = await built(host, ['--api-only'], `update-full-${host}`, rdfXmlOntology(true), 'owl');
      // changes.json alone differs: the full build had no previous build to compare with.
      const withoutChanges = (out: string) => new Map([...folderHashes(out)].filter(([path]) => path !== 'changes.json'));
      expect(withoutChanges(updated.out)).toEqual(withoutChanges(full.out));
      const changes = JSON.parse(readFileSync(join(updated.out, 'changes.json'), 'utf8'));
      expect(changes).toMatchObject({ added: ['Person/weight'], removed: ['Person/height'], changed: ['Astronaut/timeInSpace'] });
    },
    120_000,
  );
});
