// Content negotiation at /{id}: where code answers it (nginx's njs; the Cloudflare worker, which answers /{id} from
// bundles, or from the format files with --negotiate; Netlify's edge function with --negotiate), an Accept header
// asking for another format gets that format's bytes, with Vary: Accept; a client that sends */*, application/json,
// a browser's header or none gets the record, byte for byte.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, NEGOTIATED_TYPES, Router } from '../generator/route/router.ts';
import { negotiatedType } from '../generator/search/core/negotiate.js';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild } from './support/run-cli.ts';
import { sharedFixture } from './support/shared-fixtures.ts';
import type { RunningServer } from './support/server-process.ts';
import { startStaticServer } from './support/static-server.ts';
import { startWranglerPages } from './support/wrangler.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('negotiatedType', () => {
  it.each([
    ['no header', undefined, 'json'],
    ['*/*', '*/*', 'json'],
    ['application/json', 'application/json', 'json'],
    ["a browser's header", BROWSER, 'json'],
    ['text/turtle', 'text/turtle', 'ttl'],
    ['a media type in capitals, with a parameter', 'Text/Turtle; charset=UTF-8', 'ttl'],
    ['application/n-triples', 'application/n-triples', 'nt'],
    ['application/ld+json', 'application/ld+json', 'jsonld'],
    ['application/rdf+xml', 'application/rdf+xml', 'xml'],
    ['text/markdown', 'text/markdown', 'markdown'],
    ['the higher quality', 'text/turtle;q=0.5, application/rdf+xml', 'xml'],
    ['*/* below an RDF type', 'application/ld+json, */*;q=0.1', 'jsonld'],
    ['the more specific range decides', 'text/*;q=0.2, text/markdown;q=0.9', 'markdown'],
    ['a range: the earlier format on a tie', 'text/*', 'ttl'],
    ['q=0 refuses', 'text/turtle;q=0, */*;q=0.5', 'json'],
    ['nothing offered is acceptable', 'image/png', 'json'],
    ['nonsense', ';;,/,q=2', 'json'],
  ])('%s', (_, accept, format) => {
    expect(FORMATS[negotiatedType(accept, NEGOTIATED_TYPES)].format).toBe(format);
  });
});

const scratch = mkdtempSync(join(tmpdir(), 'negotiation-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const router = new Router('http://127.0.0.1:1/');
const IDS = ['RSNhlUVbMWZc7bs6xkOE0ZO', 'Rk5VRPb2X30jxIJAdvZ2HL', 'Rz3A0GIer4dhJniP3YuQVBm'];

/** Each id at /{id}, under every Accept header: the bytes and Content-Type of the format asked for, and Vary: Accept. */
async function expectNegotiated(server: RunningServer, fileOf: (id: string, format: (typeof FORMATS)[number]['format']) => string): Promise<void> {
  const asked = [...FORMATS.map((spec) => [spec.contentType.split(';')[0], spec] as const), ...['*/*', BROWSER].map((accept) => [accept, FORMATS[0]] as const)];
  for (const id of IDS) {
    for (const [accept, spec] of asked) {
      const response = await fetch(`${server.baseUrl}/${id}`, { headers: { Accept: accept } });
      expect(response.status, `${id} ${accept}`).toBe(200);
      expect(response.headers.get('content-type'), `${id} ${accept}`).toBe(spec.contentType);
      expect(response.headers.get('vary'), `${id} ${accept}`).toBe('Accept');
      expect(response.headers.get('access-control-allow-origin'), `${id} ${accept}`).toBe('*');
      expect(await response.text(), `${id} ${accept}`).toBe(fileOf(id, spec.format));
    }
  }
}

describe('negotiated /{id}', () => {
  let plain: string;
  let negotiating: string;
  beforeAll(async () => {
    [plain, negotiating] = [join(scratch, 'plain'), join(scratch, 'negotiating')];
    const built = await Promise.all([
      runBuild(['--api-only', '--out', plain, '--base-url', 'http://127.0.0.1:1/']),
      runBuild(['--api-only', '--negotiate', '--out', negotiating, '--base-url', 'http://127.0.0.1:1/']),
    ]);
    for (const result of built) expect(result.code, result.stderr).toBe(0);
  }, 120_000);

  it.skipIf(!hasNginx)(
    'on nginx with the generated site.conf',
    async () => {
      const server = await startNginxSite(plain);
      try {
        await expectNegotiated(server, (id, format) => readFileSync(join(plain, router.filePath(id, format)), 'utf8'));
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it('on wrangler pages dev, where the worker answers /{id} from bundles (--bundle-entities)', async () => {
    // The run's shared build (its base URL is the server's; the format files do not depend on it).
    const bundled = await sharedFixture('sampleBundledOnWrangler');
    try {
      // The same bytes as the unbundled build's files.
      await expectNegotiated(bundled.server, (id, format) => readFileSync(join(plain, router.filePath(id, format)), 'utf8'));
    } finally {
      await bundled.close();
    }
  }, 120_000);

  it('on wrangler pages dev without bundles, with --negotiate: the worker answers /{id} from the format files', async () => {
    // Without the option the worker runs on the search and live URLs only; with it, on every path an id can take.
    expect(JSON.parse(readFileSync(join(plain, '_routes.json'), 'utf8')).include).not.toContain('/*');
    expect(JSON.parse(readFileSync(join(negotiating, '_routes.json'), 'utf8'))).toEqual({
      version: 1,
      include: ['/*'],
      exclude: ['/_api/*', '/_site/*', '/docs/*', '/openapi.json'],
    });
    const server = await startWranglerPages(negotiating);
    try {
      await expectNegotiated(server, (id, format) => readFileSync(join(plain, router.filePath(id, format)), 'utf8'));
      // What the worker passes on is served as before: a site folder of an id's shape, a format URL.
      expect((await fetch(`${server.baseUrl}/docs/`, { headers: { Accept: 'text/turtle' } })).headers.get('content-type')).toMatch(/^text\/html/);
      const jsonld = await fetch(`${server.baseUrl}/${IDS[0]}/jsonld`);
      expect(await jsonld.text()).toBe(readFileSync(join(plain, router.filePath(IDS[0], 'jsonld')), 'utf8'));
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("Netlify's negotiate edge function (--negotiate), run in process against the built files", async () => {
    const edge = (await import(pathToFileURL(join(negotiating, '_netlify/edge-functions/negotiate.js')).href)) as {
      default: (request: Request, context: { next(): Promise<Response> }) => Promise<Response>;
      config: { path: string };
    };
    // Every path an id of up to three "/"-separated segments takes.
    expect(edge.config).toEqual({ path: ['/:id', '/:id0/:id1', '/:id0/:id1/:id2'] });
    const origin = await startStaticServer(negotiating);
    try {
      // What Netlify serves for the path itself: here, the file as the host's _headers give it.
      const next = async () => new Response('the static file', { headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
      for (const id of IDS) {
        for (const spec of FORMATS.slice(1)) {
          const response = await edge.default(new Request(`${origin.baseUrl}/${id}`, { headers: { Accept: spec.contentType.split(';')[0] } }), { next });
          expect(response.headers.get('content-type'), `${id} ${spec.format}`).toBe(spec.contentType);
          expect(response.headers.get('vary'), `${id} ${spec.format}`).toBe('Accept');
          expect(response.headers.get('access-control-allow-origin'), `${id} ${spec.format}`).toBe('*');
          expect(await response.text(), `${id} ${spec.format}`).toBe(readFileSync(join(plain, router.filePath(id, spec.format)), 'utf8'));
        }
        for (const accept of ['*/*', BROWSER, 'application/json']) {
          const record = await edge.default(new Request(`${origin.baseUrl}/${id}`, { headers: { Accept: accept } }), { next });
          expect(await record.text(), accept).toBe('the static file');
          expect(record.headers.get('vary'), accept).toBe('Accept');
        }
      }
      const docs = await edge.default(new Request(`${origin.baseUrl}/docs`, { headers: { Accept: 'text/turtle' } }), { next });
      expect(await docs.text()).toBe('the static file');
      // A format's URL is no record's, though the two-segment pattern takes it: passed on as it is.
      const format = await edge.default(new Request(`${origin.baseUrl}/${IDS[0]}/jsonld`, { headers: { Accept: 'text/turtle' } }), { next });
      expect(await format.text()).toBe('the static file');
    } finally {
      await origin.stop();
    }
  });

  it('is refused for GitHub Pages, whose host runs no code', async () => {
    const result = await runBuild(['--api-only', '--negotiate', '--host', 'github-pages', '--out', join(scratch, 'pages')]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: negotiate is for Cloudflare Pages and Netlify, whose code can answer /{id}; host github-pages runs no code — drop --negotiate, or build with --host rewriting',
    );
  });
});
