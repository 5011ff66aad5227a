// The live service's read URLs, served: a build of the rooted FOLIO excerpt on real servers for each
// host layout, every recorded request without a query string fetched over HTTP, each body the one the dispatcher
// gives (test/live-api-replay.test.ts holds that to the live service's own), as JSON wherever the host can say so.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLive, answerLiveSearch } from '../generator/live/live-routes.ts';
import { sourceOf } from '../generator/live/health-view.ts';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { buildAndServe, type BuiltSite } from './support/built-site.ts';
import { startGitHubPages } from './support/github-pages.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { ROOTED_EXCERPT, hasShared, readLiveRequests } from './support/shared-data.ts';
import { startWranglerPages } from './support/wrangler.ts';
import { inBatches } from './support/in-batches.ts';

// Every recorded request but the ranked searches (the structured queries kept); those a file answers take no query string.
const ranked = (request: string) => request.startsWith('/search/') && !request.startsWith('/search/query');
const allRequests = hasShared ? readLiveRequests().flatMap(({ request }) => (ranked(request) ? [] : [request])) : [];
const requests = allRequests.filter((request) => !request.includes('?') && !request.startsWith('/connections'));

/** Fetches each request from the server and returns those answered otherwise than the dispatcher answers. */
async function differing(baseUrl: string, contentType: string | undefined, asked = requests): Promise<string[]> {
  const graph = new LiveGraph(buildModel((await loadOntology(ROOTED_EXCERPT)).quads));
  // The build read a file: health says so, and names no path of the builder's.
  const source = sourceOf([ROOTED_EXCERPT]);
  const wrong: string[] = [];
  await inBatches(asked, 8, async (request) => {
    const expected = request.startsWith('/search/') ? await answerLiveSearch(graph, request) : answerLive(graph, source, request);
    const response = await fetch(`${baseUrl}${request}`);
    const text = await response.text();
    // The code's answers come as JSON too; an answer that is no file (a 404 of the host's) has the host's own type.
    const type = response.headers.get('content-type');
    // Keys in any order: njs does not keep a parsed object's (the records of a walk nginx cuts).
    const same = response.status === expected?.status && isDeepStrictEqual(JSON.parse(text), expected.body);
    if (!same || (contentType !== undefined && type !== contentType) || response.headers.get('access-control-allow-origin') !== '*')
      wrong.push(`${request}: ${response.status} ${type}`);
  });
  return wrong.sort();
}

const ARGS = ['--ontology', ROOTED_EXCERPT, '--api-only', '--base-url', 'http://127.0.0.1:{port}/'];

describe.skipIf(!hasShared)('the live service read URLs, served from the files of a build', () => {
  it('are the 341 recorded ones; with those that take a query string (the structured queries among them), 733', () => {
    expect(requests).toHaveLength(341);
    expect(allRequests).toHaveLength(733);
  });

  describe('for hosts that rewrite URLs', () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe(ARGS, (folder, port) => startWranglerPages(folder, port));
    }, 180_000);
    afterAll(() => site?.close());

    it('on wrangler pages dev (Cloudflare Pages, its _headers): every body, as application/json', async () => {
      expect(await differing(site.server.baseUrl, 'application/json')).toEqual([]);
    });

    it('on wrangler pages dev, with a query string too (the worker answers from the files): every status and body', async () => {
      expect(await differing(site.server.baseUrl, 'application/json', allRequests)).toEqual([]);
    });

    it.skipIf(!hasNginx)(
      'on Debian nginx with the generated site.conf: every status and body, with a query string too (njs), as application/json',
      async () => {
        const server = await startNginxSite(site.out);
        try {
          expect(await differing(server.baseUrl, 'application/json', allRequests)).toEqual([]);
        } finally {
          await server.stop();
        }
      },
    );
  });

  describe('for GitHub Pages', () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe([...ARGS, '--host', 'github-pages'], (folder, port) => startGitHubPages(folder, '', port));
    }, 180_000);
    afterAll(() => site?.close());

    it('on the GitHub Pages emulator: every body, at exactly its URL (a file without an extension comes as application/octet-stream)', async () => {
      expect(await differing(site.server.baseUrl, 'application/octet-stream')).toEqual([]);
    });
  });

  describe("with --bundle-entities (Cloudflare Pages' file limit)", () => {
    let site: BuiltSite;
    beforeAll(async () => {
      site = await buildAndServe([...ARGS, '--bundle-entities'], (folder, port) => startWranglerPages(folder, port));
    }, 180_000);
    afterAll(() => site?.close());

    it("on wrangler pages dev: every status and body, with a query string too, an entity's live files from its bundle through the worker", async () => {
      expect(await differing(site.server.baseUrl, 'application/json', allRequests)).toEqual([]);
    });
  });
});
