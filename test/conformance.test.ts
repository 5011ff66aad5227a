import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeployment, type CheckResult } from '../generator/conformance/checks.ts';
import { formatReport } from '../generator/conformance/report.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { hasNginx, startNginx } from './support/nginx.ts';
import { runConformance } from './support/run-cli.ts';
import { startStaticServer } from './support/static-server.ts';
import { startWranglerPages } from './support/wrangler.ts';

const failures = (results: CheckResult[]) => results.filter((result) => !result.ok).map((result) => `${result.check}: ${result.got}`);

// The conformance command against real servers, each serving a fresh build of the sample.
describe('npm run conformance', () => {
  describe('on wrangler pages dev (Cloudflare Pages)', () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe(['--base-url', 'http://127.0.0.1:{port}/'], (folder, port) => startWranglerPages(folder, port));
    }, 180_000);
    afterAll(() => site?.close());

    it('passes everything but the CORS preflight, which Cloudflare answers 405 outside the worker\'s routes', async () => {
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

  describe.skipIf(!hasNginx)('on Debian nginx with the generated _nginx/site.conf', () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe(['--base-url', 'http://127.0.0.1:{port}/'], (folder, port) => startNginx(folder,
        `include /etc/nginx/mime.types; js_path "${folder}/_nginx/"; js_import search from search.js;`, `include ${folder}/_nginx/site.conf;`, port));
    }, 180_000);
    afterAll(() => site?.close());

    it('passes every check', async () => {
      const results = await checkDeployment(site.server.baseUrl, { sample: 5, fetch });
      expect(failures(results), formatReport(results)).toEqual([]);
    });
  });

  describe('on a plain static file server (the GitHub Pages floor)', () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe(['--base-url', 'http://127.0.0.1:{port}/'], (folder) => startStaticServer(folder));
    }, 180_000);
    afterAll(() => site?.close());

    it('serves the records, openapi.json and /docs; the format URLs, CORS, the 404 body and the search URL degrade', async () => {
      const results = await checkDeployment(site.server.baseUrl, { ids: ['R0TLfdHv2W7Pn422kgKx42u'], sample: 1, fetch });
      expect(failures(results)).toEqual([
        'R0TLfdHv2W7Pn422kgKx42u: json: 200 application/octet-stream, names the entity',
        'R0TLfdHv2W7Pn422kgKx42u: jsonld: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: xml: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: markdown: 404 text/plain',
        'R0TLfdHv2W7Pn422kgKx42u: page: 404 text/plain',
        'CORS preflight: 2xx',
        'unknown id: 404 "not found"',
        'search: exact URL: 404 text/plain',
        'search: empty query: 404',
      ]);
    });
  });
});
