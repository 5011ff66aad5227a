import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, type SearchResponse } from '../generator/search/client/search-client.js';
import { branchesOf } from '../generator/live/branches.ts';
import { sourceOf } from '../generator/live/health-view.ts';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLive, answerLiveSearch } from '../generator/live/live-routes.ts';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import type { RunningServer } from './support/server-process.ts';

type EdgeFunction = (request: Request, context?: { next(): Response }) => Promise<Response>;
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

/** The sample's live URLs with a query string, and whether code answers each (else the file at the path does). */
async function liveUrls(): Promise<[string, boolean][]> {
  const graph = await sampleGraph();
  const urls: [string, boolean][] = [
    ['/connections', true],
    ['/connections?subject=RnoSuchClass', true],
    ['/taxonomy/nothing?max_depth=2', true],
    ['/taxonomy/tree/data?node_id=%23', false],
    ['/search/query?label=a&limit=5', true],
    ['/search/query?any_text=law&match_mode=fuzzy', true],
    ['/search/query?label=%28&match_mode=regex', true],
    ['/search/query?deprecated=maybe', true],
    ['/search/query_properties?label=draft', true],
    ['/search/query_properties?has_inverse=false&limit=0', true],
  ];
  for (const { segment } of branchesOf(graph)) urls.push([`/search/query?branch=${segment}&has_children=true`, true]);
  for (const { segment } of branchesOf(graph)) for (const depth of ['2', '-1', 'x']) urls.push([`/taxonomy/${segment}?max_depth=${depth}`, true]);
  for (const record of graph.classes.slice(0, 12)) {
    const id = record.iri.slice(graph.baseIri.length);
    urls.push(
      [`/taxonomy/tree/data?node_id=${id}`, true],
      [`/explore/api/entity-graph/${id}?mode=children`, true],
      [`/explore/api/entity-graph/${id}?mode=ancestors`, false],
      [`/connections?subject=${id}`, true],
    );
  }
  return urls;
}

let graphMade: Promise<LiveGraph> | undefined;
function sampleGraph(): Promise<LiveGraph> {
  graphMade ??= loadOntology(SAMPLE_ONTOLOGY).then((loaded) => new LiveGraph(buildModel(loaded.quads)));
  return graphMade;
}

/** What the dispatcher answers. */
async function liveAnswer(url: string): Promise<{ status: number; body: unknown }> {
  const graph = await sampleGraph();
  const answer = url.startsWith('/search/') ? await answerLiveSearch(graph, url) : answerLive(graph, sourceOf([SAMPLE_ONTOLOGY]), url);
  return answer as { status: number; body: unknown };
}

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

  it('Netlify edge function: answers the exact URL, 400 for a bad query, 204 for a preflight; the live URLs a query string changes', async () => {
    const edge = (await import(pathToFileURL(join(out, '_netlify/edge-functions/search.js')).href)) as {
      default: EdgeFunction;
      config: { path: string[] };
    };
    expect(edge.config).toEqual({
      path: [
        '/search/prefix',
        '/search/label',
        '/search/definition',
        '/connections',
        '/taxonomy/*',
        '/explore/api/entity-graph/*',
        '/search/query',
        '/search/query_properties',
      ],
    });
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
    // The live URLs a query string changes, from the site's files; the rest passed on to them (context.next).
    for (const [url, byCode] of await liveUrls()) {
      const response = await edge.default(new Request(`${origin.baseUrl}${url}`), { next: () => new Response('passed on', { status: 299 }) });
      const expected = await liveAnswer(url);
      expect(response.status, url).toBe(byCode ? expected.status : 299);
      if (byCode) expect(await response.json(), url).toEqual(expected.body);
    }
  });

  it("Cloudflare's worker, run in process: the live URLs' answers, each corpus file read once across requests", async () => {
    const worker = (await import(pathToFileURL(join(out, '_worker.js')).href)) as { default: { fetch: (request: Request, env: unknown) => Promise<Response> } };
    const read: string[] = [];
    const env = {
      ASSETS: {
        fetch: async (input: Request | string) => {
          const url = new URL(typeof input === 'string' ? input : input.url);
          read.push(url.pathname);
          return fetch(`${origin.baseUrl}${url.pathname}`);
        },
      },
    };
    for (const [url, byCode] of await liveUrls()) {
      if (!byCode) continue;
      const response = await worker.default.fetch(new Request(`http://worker.example${url}`), env);
      const expected = await liveAnswer(url);
      expect(response.status, url).toBe(expected.status);
      expect(await response.json(), url).toEqual(expected.body);
    }
    const corpus = read.filter((path) => path.startsWith('/_live/query/'));
    expect(corpus.length).toBeGreaterThan(3);
    expect(new Set(corpus).size).toBe(corpus.length);
  });

  it('CloudFront Lambda@Edge origin-request: answers the search URL and the live URLs a query string changes from the origin, passes every other request on', async () => {
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
    for (const [url, byCode] of await liveUrls()) {
      const [uri, querystring = ''] = url.split('?');
      const result = await handler(event(uri, querystring));
      const expected = await liveAnswer(url);
      if (!byCode) expect(result, url).toMatchObject({ uri });
      else {
        expect((result as CloudFrontResult).status, url).toBe(String(expected.status));
        expect(JSON.parse((result as CloudFrontResult).body), url).toEqual(expected.body);
      }
    }
  });
});
