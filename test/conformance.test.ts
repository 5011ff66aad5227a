import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeployment, type CheckResult } from '../generator/conformance/checks.ts';
import { isLiveFile } from '../generator/route/paths.ts';
import { formatReport } from '../generator/conformance/report.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild, runConformance, runDeploy } from './support/run-cli.ts';
import { sharedFixture } from './support/shared-fixtures.ts';
import { startS3, type RunningS3 } from './support/s3-emulator.ts';
import { startStaticServer } from './support/static-server.ts';
import type { RunningServer } from './support/server-process.ts';

const failures = (results: CheckResult[]) => results.filter((result) => !result.ok).map((result) => `${result.check}: ${result.got}`);

// The conformance command against real servers: the same build of the sample on each (the run's shared one), read only.
describe('npm run conformance', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await sharedFixture('sampleSiteOnWrangler');
  }, 180_000);
  afterAll(() => site?.close());

  describe('on wrangler pages dev (Cloudflare Pages)', () => {
    it("passes everything but the CORS preflight, which Cloudflare answers 405 outside the worker's routes", async () => {
      const results = await checkDeployment(site.server.baseUrl, { sample: 5, fetch });
      expect(results.length).toBeGreaterThan(30);
      expect(failures(results)).toEqual(['CORS preflight: 405, CORS *']);
    });

    it('the command prints the table and exits 1 when a check fails', async () => {
      const run = await runConformance(['--base-url', `${site.server.baseUrl}/`, '--sample', '2']);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^FAIL {2}CORS preflight +2xx, CORS \* +405, CORS \*$/m);
      expect(run.stdout).toMatch(/^PASS {2}search: exact URL /m);
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 1 failed$/);
    });
  });

  describe("on wrangler pages dev, API only with --bundle-entities (Cloudflare's file limit)", () => {
    let bundled: BuiltSite;
    beforeAll(async () => {
      bundled = await sharedFixture('sampleBundledOnWrangler');
    }, 180_000);
    afterAll(() => bundled?.close());

    it('serves every format from the bundles through the worker, which also answers preflights; no pages without the site', async () => {
      const results = await checkDeployment(bundled.server.baseUrl, { sample: 5, fetch });
      expect(results).toHaveLength(55);
      expect(failures(results).map((failure) => failure.replace(/^\w+: /, ''))).toEqual(Array(5).fill('page: 404 text/html, CORS *'));
    });

    it('writes two bundle files for the 58 entities instead of 348 entity files, and the same search files', () => {
      const files = fg.sync('**/*', { cwd: bundled.out, dot: true });
      expect(files.filter((file) => file.startsWith('_entities/')).sort()).toEqual(['_entities/0.json', '_entities/1.json']);
      expect(files.filter((file) => file.startsWith('_api/') || /^R\w+$/.test(file))).toEqual([]);
      // An entity's live files are in its bundle too; the live files of the whole graph are a few per branch, and
      // the structured queries' entry file with its ten.
      expect(files.filter((file) => /^(taxonomy\/tree\/node|explore|_live\/children)\//.test(file))).toEqual([]);
      const live = files.filter((file) => isLiveFile(file) || file.startsWith('_live/'));
      const branches = files.filter((file) => file.startsWith('_live/walks/')).length;
      expect(files.filter((file) => file.startsWith('_live/query'))).toHaveLength(10);
      expect(live).toHaveLength(5 + 2 * branches + 10);
      // The search folder is the unbundled build's; the rest fits in a few dozen files.
      expect(files.filter((file) => !file.startsWith('search/') && !live.includes(file)).length).toBeLessThan(40);
      const searchFiles = (folder: string) => fg.sync('search/**/*', { cwd: folder }).sort();
      expect(searchFiles(bundled.out)).toEqual(searchFiles(site.out));
    });
  });

  it.skipIf(!hasNginx)('on Debian nginx with the generated _nginx/site.conf: passes every check', async () => {
    const server = await startNginxSite(site.out);
    try {
      const results = await checkDeployment(server.baseUrl, { sample: 5, fetch });
      expect(failures(results), formatReport(results)).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  describe('on a plain static file server, with no rewrites and no .html fallback', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startStaticServer(site.out);
    }, 180_000);
    afterAll(() => server?.stop());

    it('serves the records, openapi.json and /docs; the format URLs, CORS, the 404 body and the search URL degrade', async () => {
      const results = await checkDeployment(server.baseUrl, { ids: ['R0TLfdHv2W7Pn422kgKx42u'], sample: 1, fetch });
      expect(failures(results)).toEqual([
        'R0TLfdHv2W7Pn422kgKx42u: json: 200 application/octet-stream, names the entity',
        'R0TLfdHv2W7Pn422kgKx42u: jsonld: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: xml: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: ttl: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: nt: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: markdown: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: page: 404 text/plain',
        'CORS preflight: 2xx',
        'unknown id: 404 "not found"',
        'malformed path: 404 "not found"',
        'malformed path: 404 "not found"',
        'malformed path: 404 "not found"',
        'search: exact URL: 404 text/plain',
        'search: empty query: 404',
        // The live files are there, without CORS; the URLs that need code are not.
        'live: /info/health: 200, healthy',
        'live: /taxonomy/branches: 200, a count per branch',
        'live: /properties/all: 200, a list',
        'live: R0TLfdHv2W7Pn422kgKx42u: entity graph: 200, names the entity',
        'live: structured query: 404',
        'live: /connections without a subject: 404',
        // The downloads are there, as the server's default type, without CORS.
        'download: nt: 200 application/octet-stream, gzip of nt',
        'download: ttl: 200 application/octet-stream, gzip of ttl',
        'download: xml: 200 application/octet-stream, gzip of xml',
        'download: jsonld: 200 application/octet-stream, gzip of jsonld',
      ]);
    });
  });
});

// What plain S3 fails, having no code and no error mapping (CloudFront adds both): the JSON 404 (an unknown id, a
// malformed path), the search URL, the live URLs that need code.
const PLAIN_S3_FAILS = ['unknown id', 'malformed path', 'malformed path', 'malformed path', 'search', 'search', 'live', 'live'];

describe('npm run deploy -- s3, on the s3rver emulator', () => {
  let s3: RunningS3;
  let site: BuiltSite;
  // The emulator takes any key pair; a user's own come from the AWS chain, never from the repo.
  const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
  const deploy = (extra: string[] = []) =>
    runDeploy(['s3', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--dir', site.out, '--cors', ...extra], credentials);
  beforeAll(async () => {
    s3 = await startS3();
    site = await buildAndServe(['--base-url', 'http://127.0.0.1:{port}/site/'], async () => ({ baseUrl: `${s3.endpoint}/${s3.bucket}`, stop: async () => {} }));
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await s3?.stop();
  });

  it('uploads flat keys: every format and page URL is an object with its Content-Type, CORS from the bucket rule', async () => {
    const first = await deploy();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^\d+ objects: uploaded \d+ \([\d.]+ MB\), 0 unchanged, deleted 0$/m);
    const results = await checkDeployment(`${s3.endpoint}/${s3.bucket}`, { sample: 5, fetch });
    expect(failures(results).map((failure) => failure.replace(/:.*/, ''))).toEqual(PLAIN_S3_FAILS);
    expect(failures(results).filter((failure) => failure.startsWith('live'))).toEqual([
      'live: structured query: 404, CORS *',
      'live: /connections without a subject: 404, CORS *',
    ]);
    expect(results).toHaveLength(55);
  });

  it("CloudFront's origin-request function in front of the bucket: /{id} in the format the Accept header asks for, with Vary: Accept; the record passes on", async () => {
    const { handler } = (await import(pathToFileURL(join(site.out, '_cloudfront/search-origin-request.mjs')).href)) as {
      handler: (event: unknown) => Promise<{ status?: string; headers?: Record<string, { key: string; value: string }[]>; body?: string; uri?: string }>;
    };
    const bucket = `${s3.endpoint}/${s3.bucket}`;
    const id = fg.sync('_api/*.ttl', { cwd: site.out })[0].slice('_api/'.length, -'.ttl'.length);
    const origin = { custom: { domainName: '127.0.0.1', port: Number(new URL(s3.endpoint).port), protocol: 'http', path: '' } };
    const request = (uri: string, accept?: string) => ({
      uri,
      querystring: '',
      method: 'GET',
      headers: {
        host: [{ key: 'Host', value: 'd111111abcdef8.cloudfront.net' }],
        ...(accept === undefined ? {} : { accept: [{ key: 'Accept', value: accept }] }),
      },
      origin,
    });
    const answer = (uri: string, accept?: string) => handler({ Records: [{ cf: { request: request(uri, accept) } }] });
    const asked: [string, string, string][] = [
      ['text/turtle', '/ttl', 'text/turtle; charset=utf-8'],
      ['application/n-triples', '/nt', 'application/n-triples'],
      ['application/rdf+xml;q=0.9, text/html;q=0.1', '/xml', 'application/rdf+xml'],
      ['application/ld+json', '/jsonld', 'application/ld+json'],
      ['text/markdown', '/markdown', 'text/markdown; charset=utf-8'],
    ];
    for (const [accept, suffix, type] of asked) {
      const result = await answer(`/${s3.bucket}/${id}`, accept);
      expect(result.status, accept).toBe('200');
      expect(result.headers?.['content-type'], accept).toEqual([{ key: 'content-type', value: type }]);
      expect(result.headers?.vary, accept).toEqual([{ key: 'vary', value: 'Accept' }]);
      expect(result.headers?.['access-control-allow-origin'], accept).toEqual([{ key: 'access-control-allow-origin', value: '*' }]);
      expect(result.body, accept).toBe(await (await fetch(`${bucket}/${id}${suffix}`)).text());
    }
    // The record (no header, any type, JSON, a browser's header) is the bucket's own object, as before: passed on.
    for (const accept of [undefined, '*/*', 'application/json', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'])
      expect(await answer(`/${s3.bucket}/${id}`, accept), accept).toEqual(request(`/${s3.bucket}/${id}`, accept));
    // A path of an id's shape that names no entity has no format objects: passed on too.
    expect(await answer(`/${s3.bucket}/docs`, 'text/turtle')).toEqual(request(`/${s3.bucket}/docs`, 'text/turtle'));
  });

  it('a second deploy uploads nothing; a changed file is uploaded and a vanished one deleted, after the uploads', async () => {
    const again = await deploy();
    expect(again.stdout).toMatch(/ uploaded 0 \(0 B\), \d+ unchanged, deleted 0$/m);
    writeFileSync(join(site.out, '_site/assets/site.css'), `${readFileSync(join(site.out, '_site/assets/site.css'), 'utf8')}\n/* changed */\n`);
    rmSync(join(site.out, '_site/tree/_top.json'));
    const dry = await deploy(['--dry-run']);
    expect(dry.stderr).toMatch(/^s3: 1 to upload, \d+ unchanged, 1 to delete \(dry run\)$/m);
    const changed = await deploy();
    expect(changed.stdout).toMatch(/ uploaded 1 \([\d.]+ kB\), \d+ unchanged, deleted 1$/m);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/_site/tree/_top.json`)).status).toBe(404);
    expect(await (await fetch(`${s3.endpoint}/${s3.bucket}/_site/assets/site.css`)).text()).toContain('/* changed */');
  });

  it('deploys a build laid out for GitHub Pages with the same flat keys: it passes the same checks', async () => {
    const pagesOut = mkdtempSync(join(tmpdir(), 'pages-for-s3-'));
    try {
      const built = await runBuild(['--host', 'github-pages', '--base-url', 'http://127.0.0.1:1/site/', '--out', pagesOut]);
      expect(built.code, built.stderr).toBe(0);
      const deployed = await runDeploy(['s3', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--dir', pagesOut], credentials);
      expect(deployed.code, deployed.stderr).toBe(0);
      const results = await checkDeployment(`${s3.endpoint}/${s3.bucket}`, { sample: 5, fetch });
      expect(failures(results).map((failure) => failure.replace(/:.*/, ''))).toEqual(PLAIN_S3_FAILS);
      expect(results).toHaveLength(55);
      // The concept page's links are the seed URLs, which S3 holds as objects.
      const id = results.find((result) => result.check.endsWith(': page'))?.check.split(':')[0] ?? '';
      const page = await (await fetch(`${s3.endpoint}/${s3.bucket}/${id}/html`)).text();
      expect(page).toContain(`href="/site/${id}/jsonld"`);
    } finally {
      rmSync(pagesOut, { recursive: true, force: true });
    }
  });

  it('a wrong bucket or a missing build ends with one clear line', async () => {
    const wrong = await runDeploy(['s3', '--bucket', 'no-such-bucket', '--endpoint', s3.endpoint, '--dir', site.out], credentials);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toMatch(/^error: s3: NoSuchBucket: .* — check the bucket name, region and AWS credentials$/);
    const missing = await runDeploy(['s3', '--bucket', s3.bucket, '--dir', join(site.out, 'nowhere')], credentials);
    expect(missing.stderr.trim()).toMatch(/^error: .*nowhere does not hold a built site \(no openapi\.json\) — run npm run build first/);
  });
});
