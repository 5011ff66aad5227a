import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, type SearchResponse } from '../generator/search/client/search-client.js';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import type { RunningServer } from './support/server-process.ts';

type EdgeFunction = (request: Request) => Promise<Response>;
interface CloudFrontResult {
  status: string;
  headers: Record<string, { key: string; value: string }[]>;
  body: string;
}
type OriginRequestHandler = (event: unknown) => Promise<CloudFrontResult | { uri: string }>;

const QUERIES: [string, number | undefined][] = [
  ['law', undefined],
  ['law', 3],
  ['Zür', undefined],
  ['co', 1000],
  ['zz-nothing', undefined],
];

// Netlify's edge function and CloudFront's Lambda@Edge handler run their code here, reading a built site over HTTP.
describe('search code for Netlify and CloudFront', () => {
  const out = mkdtempSync(join(tmpdir(), 'search-edges-'));
  let origin: RunningServer;
  let expected: (query: string, limit?: number) => Promise<SearchResponse>;

  beforeAll(async () => {
    const result = await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only']);
    expect(result.code, result.stderr).toBe(0);
    origin = await startStaticServer(out);
    const client = createSearchClient({ indexUrl: `${origin.baseUrl}/search/` });
    expected = (query, limit) => client.searchPrefix(query, { limit });
  });
  afterAll(async () => {
    await origin?.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it('Netlify edge function: answers the exact URL, 400 for a bad query, 204 for a preflight', async () => {
    const edge = (await import(pathToFileURL(join(out, '_netlify/edge-functions/search.js')).href)) as {
      default: EdgeFunction;
      config: { path: string[] };
    };
    expect(edge.config).toEqual({ path: ['/search/prefix', '/search/label', '/search/definition'] });
    for (const [query, limit] of QUERIES) {
      const response = await edge.default(new Request(`${origin.baseUrl}/search/prefix?query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual(await expected(query, limit));
    }
    const bad = await edge.default(new Request(`${origin.baseUrl}/search/prefix?query=%20`));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: 'query must contain at least one letter or digit' });
    expect((await edge.default(new Request(`${origin.baseUrl}/search/prefix`, { method: 'OPTIONS' }))).status).toBe(204);
  });

  it('CloudFront Lambda@Edge origin-request: answers the search URL from the origin, passes every other request on', async () => {
    const { handler } = (await import(pathToFileURL(join(out, '_cloudfront/search-origin-request.mjs')).href)) as { handler: OriginRequestHandler };
    const port = Number(new URL(origin.baseUrl).port);
    const event = (uri: string, querystring: string) => ({
      Records: [
        {
          cf: {
            request: {
              uri,
              querystring,
              method: 'GET',
              headers: { host: [{ key: 'Host', value: 'd111111abcdef8.cloudfront.net' }] },
              origin: { custom: { domainName: '127.0.0.1', port, protocol: 'http', path: '' } },
            },
          },
        },
      ],
    });
    for (const [query, limit] of QUERIES) {
      const result = (await handler(event('/search/prefix', `query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`))) as CloudFrontResult;
      expect(result.status).toBe('200');
      expect(result.headers['content-type']).toEqual([{ key: 'content-type', value: 'application/json' }]);
      expect(result.headers['access-control-allow-origin']).toEqual([{ key: 'access-control-allow-origin', value: '*' }]);
      expect(JSON.parse(result.body)).toEqual(await expected(query, limit));
    }
    expect(((await handler(event('/search/prefix', 'query=&limit=5'))) as CloudFrontResult).status).toBe('400');
    const passed = await handler(event('/RSNhlUVbMWZc7bs6xkOE0ZO/jsonld', ''));
    expect(passed).toMatchObject({ uri: '/RSNhlUVbMWZc7bs6xkOE0ZO/jsonld' });
  });
});
