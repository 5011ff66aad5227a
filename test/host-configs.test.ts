import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planObjects } from '../generator/deploy/s3-objects.ts';
import { emitServiceWorker } from '../generator/host/service-worker.ts';
import { emitVercelConfig } from '../generator/host/vercel-config.ts';
import { FORMATS, Router, type HostName } from '../generator/route/router.ts';
import { REPO_ROOT } from './support/shared-data.ts';
import { pathToRegexp, type Key } from 'path-to-regexp';

interface VercelRule {
  source: string;
  destination?: string;
  headers?: { key: string; value: string }[];
}

// Vercel's path patterns are path-to-regexp 6's (its own dependency): `:id([^/.]+)` is one segment without a dot.
function matches(source: string, path: string): Record<string, string> | undefined {
  const keys: Key[] = [];
  const found = pathToRegexp(source, keys).exec(path);
  return found ? Object.fromEntries(keys.map((key, at) => [String(key.name), found[at + 1]])) : undefined;
}

describe('vercel.json', () => {
  const config = JSON.parse(emitVercelConfig(new Router('https://x.example/folio/'))) as { rewrites: VercelRule[]; headers: VercelRule[] };
  const contentType = (path: string) =>
    config.headers
      .filter((rule) => matches(rule.source, path))
      .flatMap((rule) => rule.headers ?? [])
      .filter((h) => h.key === 'Content-Type')
      .map((h) => h.value);
  const rewrite = (path: string) => {
    for (const rule of config.rewrites) {
      const found = matches(rule.source, path);
      if (found) return rule.destination?.replace(':id', found.id ?? '');
    }
    return undefined;
  };

  it.each([
    ['/folio/R1', undefined, ['application/json']],
    ['/folio/R1/jsonld', '/folio/_api/R1.jsonld', ['application/ld+json']],
    ['/folio/R1/xml', '/folio/_api/R1.xml', ['application/rdf+xml']],
    ['/folio/R1/markdown', '/folio/_api/R1.md', ['text/markdown; charset=utf-8']],
    ['/folio/R1/html', '/folio/_site/pages/R1/', ['text/html; charset=utf-8']],
    // An id with a "/": its record from the formats folder (Vercel rewrites only a path no file answers), typed by its extension.
    ['/folio/Astronaut/timeInSpace', '/folio/_api/Astronaut/timeInSpace.json', []],
    ['/folio/Astronaut/timeInSpace/jsonld', '/folio/_api/Astronaut/timeInSpace.jsonld', ['application/ld+json']],
    ['/folio/Place/area/total/ttl', '/folio/_api/Place/area/total.ttl', ['text/turtle; charset=utf-8']],
    ['/folio/Place/area/total/html', '/folio/_site/pages/Place/area/total/', ['text/html; charset=utf-8']],
    ['/folio/a/b/c/d', undefined, []],
    ['/folio/search/index.json', undefined, []],
    // Site files keep the type Vercel gives their extension.
    ['/folio/openapi.json', undefined, []],
    ['/folio/sw.js', undefined, []],
  ])('%s → rewrite %s, Content-Type %j', (path, destination, types) => {
    expect(rewrite(path)).toBe(destination);
    expect(contentType(path)).toEqual(types);
  });

  it('CORS on everything under the base path', () => {
    expect(config.headers[0]).toEqual({ source: '/folio/(.*)', headers: [{ key: 'Access-Control-Allow-Origin', value: '*' }] });
  });
});

describe('S3 objects for a built folder', () => {
  const router = new Router('https://bucket.invalid/');
  const objects = planObjects(
    [
      'R1',
      '_api/R1.jsonld',
      '_api/R1.xml',
      '_api/R1.ttl',
      '_api/R1.nt',
      '_api/R1.md',
      '_site/pages/R1/index.html',
      'docs/index.html',
      'search/index.json',
      'search/s/63.6f.json',
      'search/r/0a1b2c3d4e5f6a7b.json',
      'search/c/0a1b2c3d4e5f6a7b.json',
      'openapi.json',
      'info/health',
      'taxonomy/tree/node/R1',
      'explore/api/entity-graph/R1',
      'defaultLink*',
      '_api/defaultLink*.ttl',
      '_headers',
      '_worker.js',
      'vercel.json',
      '_nginx/site.conf',
    ],
    router,
    'folio/',
  );
  const byKey = new Map(objects.map((object) => [object.key, object]));

  it.each([
    ['folio/R1', 'R1', 'application/json'],
    ['folio/R1/jsonld', '_api/R1.jsonld', 'application/ld+json'],
    ['folio/R1/xml', '_api/R1.xml', 'application/rdf+xml'],
    ['folio/R1/ttl', '_api/R1.ttl', 'text/turtle; charset=utf-8'],
    ['folio/R1/nt', '_api/R1.nt', 'application/n-triples'],
    ['folio/R1/markdown', '_api/R1.md', 'text/markdown; charset=utf-8'],
    ['folio/R1/html', '_site/pages/R1/index.html', 'text/html; charset=utf-8'],
    ['folio/_site/pages/R1/', '_site/pages/R1/index.html', 'text/html; charset=utf-8'],
    ['folio/docs/', 'docs/index.html', 'text/html; charset=utf-8'],
    ['folio/_api/R1.jsonld', '_api/R1.jsonld', 'application/octet-stream'],
    ['folio/info/health', 'info/health', 'application/json'],
    ['folio/taxonomy/tree/node/R1', 'taxonomy/tree/node/R1', 'application/json'],
    ['folio/explore/api/entity-graph/R1', 'explore/api/entity-graph/R1', 'application/json'],
    // S3 looks a key up by the decoded path: GS1's defaultLink%2A is the key defaultLink*, as its file is.
    ['folio/defaultLink*', 'defaultLink*', 'application/json'],
    ['folio/defaultLink*/ttl', '_api/defaultLink*.ttl', 'text/turtle; charset=utf-8'],
  ])('%s holds %s as %s', (key, file, type) => {
    expect(byKey.get(key)).toMatchObject({ file, contentType: type });
  });

  it("caches the search entry file 5 minutes, shards only after asking, the content-named index files a year; leaves out other hosts' files", () => {
    expect(byKey.get('folio/search/index.json')?.cacheControl).toBe('public, max-age=300');
    expect(byKey.get('folio/search/s/63.6f.json')?.cacheControl).toBe('public, no-cache');
    expect(byKey.get('folio/search/r/0a1b2c3d4e5f6a7b.json')?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(byKey.get('folio/search/c/0a1b2c3d4e5f6a7b.json')?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect([...byKey.keys()].filter((key) => /_headers|_worker|vercel|_nginx/.test(key))).toEqual([]);
  });
});

describe('S3 objects for a build laid out for GitHub Pages', () => {
  // The same entities' files in either layout, with the site files both have.
  const objectsOf = (host: HostName) => {
    const router = new Router('https://bucket.invalid/', host);
    const paths = ['R1', 'R2'].flatMap((id) => [...FORMATS.map((spec) => router.filePath(id, spec.format)), router.pageFile(id)]);
    return planObjects([...paths, 'docs/index.html', 'openapi.json'], router, 'folio/');
  };

  it('has every seed URL at the same key with the same Content-Type as a build for rewriting hosts: S3 keeps its own flat keys', () => {
    const seedKeys = (host: HostName) =>
      objectsOf(host)
        .filter((object) => /^folio\/(R\d(\/(jsonld|xml|markdown|html))?|docs\/|openapi\.json)$/.test(object.key))
        .map(({ key, contentType }) => [key, contentType]);
    expect(seedKeys('github-pages')).toEqual(seedKeys('rewriting'));
    expect(seedKeys('github-pages')).toHaveLength(2 * 5 + 2);
  });

  it('stores each GitHub Pages format file once, at its URL', () => {
    const keys = objectsOf('github-pages').map((object) => object.key);
    expect(keys.filter((key) => key.startsWith('folio/R1'))).toEqual([
      'folio/R1',
      'folio/R1/html',
      'folio/R1/html.html',
      'folio/R1/jsonld',
      'folio/R1/markdown',
      'folio/R1/nt',
      'folio/R1/ttl',
      'folio/R1/xml',
    ]);
  });
});

describe('the GitHub Pages workflow', () => {
  const workflow = readFileSync(join(REPO_ROOT, '.github/workflows/pages.yml'), 'utf8');
  it('installs with npm ci, builds the GitHub Pages layout with the Pages base URL, then publishes with the Pages actions', () => {
    expect(workflow).toMatch(/run: npm ci/);
    expect(workflow).toMatch(
      /npm run build -- --host github-pages --ontology "\$\{\{ steps\.source\.outputs\.ontology \}\}" --base-url "\$\{\{ steps\.pages\.outputs\.base_url \}\}\/" --out dist/,
    );
    expect(workflow).toMatch(/uses: actions\/upload-pages-artifact@[0-9a-f]{40} # v5\.0\.0\n\s+with:\n\s+path: dist/);
    expect(workflow).toMatch(/uses: actions\/deploy-pages@[0-9a-f]{40} # v5\.0\.0/);
    for (const trigger of ['push:', 'schedule:', 'workflow_dispatch:']) expect(workflow).toContain(trigger);
  });

  it('pins every action to a commit, with its version beside it', () => {
    const uses = [...workflow.matchAll(/uses: (\S+)(.*)/g)];
    expect(uses.map(([, action]) => action.split('@')[0])).toEqual([
      'actions/checkout',
      'actions/setup-node',
      'actions/configure-pages',
      'actions/upload-pages-artifact',
      'actions/deploy-pages',
    ]);
    for (const [, action, comment] of uses) {
      expect(action, action).toMatch(/@[0-9a-f]{40}$/);
      expect(comment, action).toMatch(/^ # v\d+\.\d+\.\d+$/);
    }
  });
});

describe('the service worker (sw.js)', () => {
  // A service worker that does not parse does not install, and leaves every URL it answers to the host (404s):
  // only a browser would see it.
  it('is a classic script that parses', () => {
    const text = emitServiceWorker()[0].contents;
    expect(text).toContain("self.addEventListener('fetch'");
    expect(() => new vm.Script(text)).not.toThrow();
  });
});
