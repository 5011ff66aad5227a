import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitJson } from '../generator/emit/json.ts';
import type { BuiltSite } from './support/built-site.ts';
import { sharedFixture } from './support/shared-fixtures.ts';
import type { RunningServer } from './support/server-process.ts';

interface OpenApiExample {
  value: unknown;
}
interface OpenApiOperation {
  parameters?: { name: string; in: string; examples?: Record<string, OpenApiExample>; example?: unknown }[];
  responses: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, OpenApiExample> }> }>;
}
interface OpenApi {
  servers: { url: string }[];
  paths: Record<string, { get: OpenApiOperation }>;
}

// The site as built for one deployment: openapi.json is valid and its examples are what the site serves.
describe('openapi.json', () => {
  let site: BuiltSite;
  let server: RunningServer;
  let document: OpenApi;
  let text: string;

  beforeAll(async () => {
    site = await sharedFixture('sampleSiteOnWrangler');
    server = site.server;
    text = readFileSync(join(site.out, 'openapi.json'), 'utf8');
    document = JSON.parse(text) as OpenApi;
  });
  afterAll(async () => {
    await site?.close();
  });

  it('passes an OpenAPI 3.1 validator with no errors', async () => {
    const validator = new Validator();
    const result = await validator.validate(text);
    expect(result).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
  });

  it('lists the build base URL as its server and describes every URL the site serves', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: server.baseUrl })]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/_site/downloads/ontology.jsonld.gz',
      '/_site/downloads/ontology.nt.gz',
      '/_site/downloads/ontology.rdf.gz',
      '/_site/downloads/ontology.ttl.gz',
      '/explore/api/entity-graph/{id}',
      '/info/health',
      '/properties/all',
      '/search/client.js',
      '/search/definition',
      '/search/index.json',
      '/search/label',
      '/search/prefix',
      '/search/query',
      '/search/query_properties',
      '/search/{folder}/{file}',
      '/taxonomy/branches',
      '/taxonomy/tree/data',
      '/taxonomy/tree/node/{id}',
      '/taxonomy/{segment}',
      '/{id}',
      '/{id}/html',
      '/{id}/jsonld',
      '/{id}/markdown',
      '/{id}/nt',
      '/{id}/ttl',
      '/{id}/xml',
    ]);
  });

  it('has examples byte-equal to what the site serves at those paths', async () => {
    let checked = 0;
    for (const [template, { get }] of Object.entries(document.paths)) {
      const idExamples = get.parameters?.find((parameter) => parameter.name === 'id')?.examples ?? {};
      const query = get.parameters
        ?.filter((parameter) => parameter.in === 'query' && parameter.example !== undefined)
        .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.example))}`)
        .join('&');
      for (const [status, response] of Object.entries(get.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const examples = media.examples
            ? Object.entries(media.examples).map(([name, example]) => [name, example.value] as const)
            : media.example === undefined
              ? []
              : [['', media.example] as const];
          for (const [name, value] of examples) {
            const path = template.replace('{id}', status === '404' ? 'RnoSuchEntity0000000000' : String(idExamples[name]?.value));
            const url = `${server.baseUrl}${path}${query && status === '200' ? `?${query}` : status === '400' ? '?query=!!' : ''}`;
            const served = await fetch(url);
            expect(served.status, url).toBe(Number(status));
            expect(served.headers.get('content-type'), url).toBe(type);
            const body = await served.text();
            // Files are written with our JSON emitter; search answers come from the worker's JSON.stringify.
            const answered = ['/search/prefix', '/search/label', '/search/definition'].includes(template);
            const expected = typeof value === 'string' ? value : answered ? JSON.stringify(value) : emitJson(value);
            expect(body, url).toBe(expected);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(14);
  });
});
