import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSpec, Router, type HostName } from '../generator/route/router.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { pagesArtifact, startGitHubPages } from './support/github-pages.ts';
import { hasNginx, startNginxSite } from './support/nginx.ts';
import { runBuild } from './support/run-cli.ts';
import { freePort, type RunningServer } from './support/server-process.ts';
import { startWranglerPages } from './support/wrangler.ts';

// Terms named as the site's own paths once were (DBpedia's dbo:tree, W3C ORG's org:Site), and as the seed's and the
// live service's folders still are (VoID's void:properties).
const LIVE_FOLDER_IDS = ['info', 'taxonomy', 'properties', 'explore'];
const IDS = ['docs', 'search', 'index', '404', 'tree', 'site', 'find', 'html', 'pagefind', 'not-found', 'Docs', ...LIVE_FOLDER_IDS];
const label = (id: string) => `${id.replace(/^./, (first) => first.toUpperCase())} term`;
const TURTLE = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<https://names.example/> a owl:Ontology .
${IDS.map((id) => `<https://names.example/${id}> a owl:Class ; rdfs:label "${label(id)}"${id === 'tree' ? '' : ' ; rdfs:subClassOf <https://names.example/tree>'} .`).join('\n')}
`;

const scratch = mkdtempSync(join(tmpdir(), 'site-names-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(join(scratch, 'names.ttl'), TURTLE);

interface Served {
  out: string;
  stdout: string;
  router: Router;
  server: RunningServer;
}

/**
 * Every term is published; one whose `/{id}` is the site's own page loses only its record there, with a
 * warning: its other formats, page and search entry stay, and the site's page still answers.
 */
function servedWithSiteNames(
  host: HostName,
  siteIds: readonly string[],
  [server, serve]: [string, (out: string, port: number) => Promise<RunningServer>],
  enabled = true,
): void {
  describe.skipIf(!enabled)(`terms named like the site's paths, laid out for ${host}, served by ${server}`, () => {
    const context = {} as Served;
    beforeAll(async () => {
      context.out = join(scratch, `${host}-${server}`);
      const port = await freePort();
      const result = await runBuild([
        '--ontology',
        join(scratch, 'names.ttl'),
        '--out',
        context.out,
        '--host',
        host,
        '--base-url',
        `http://127.0.0.1:${port}/`,
      ]);
      expect(result.code, result.stderr).toBe(0);
      context.stdout = result.stdout;
      context.router = new Router(`http://127.0.0.1:${port}/`, host);
      context.server = await serve(context.out, port);
    }, 120_000);
    afterAll(async () => {
      await context.server?.stop();
    });

    it('warns once for each id whose /{id} the site keeps, and only for those', () => {
      expect([...context.stdout.matchAll(/^ {2}warning: site-path: "([^"]+)"/gm)].map(([, id]) => id).sort()).toEqual([...siteIds].sort());
      expect(context.stdout).toMatch(/^ {2}warning: case-collision: 1 group\(s\) of ids differ only by letter case: "docs" and "Docs";/m);
    });

    it('answers every format each term publishes with its file, and its page', async () => {
      for (const id of IDS) {
        const formats = context.router.publishedFormats(id).map((spec) => spec.format);
        expect(formats.includes('json'), id).toBe(!siteIds.includes(id));
        for (const format of formats) {
          const url = `${context.server.baseUrl}${context.router.urlPath(id, format)}`;
          const response = await fetch(url, { redirect: 'manual' });
          expect(response.status, url).toBe(200);
          // One Content-Type, the format's, though `/properties/*` is also the live service's folder (hosts that set types by path).
          if (host === 'rewriting') expect(response.headers.get('content-type'), url).toBe(formatSpec(format).contentType);
          expect(await response.text(), url).toBe(readFileSync(join(context.out, context.router.filePath(id, format)), 'utf8'));
        }
        const page = await fetch(`${context.server.baseUrl}${context.router.pageUrlPath(id)}`, { redirect: 'manual' });
        expect(page.status, id).toBe(200);
        expect(await page.text(), id).toContain(`>${label(id)}</h1>`);
      }
    });

    it("keeps the site's own pages where they were: /docs, the home page, the tree", async () => {
      expect(await (await fetch(`${context.server.baseUrl}/docs/`)).text()).toContain('swagger-ui');
      expect(await (await fetch(`${context.server.baseUrl}/`)).text()).toContain('id="query"');
      const tree = await fetch(`${context.server.baseUrl}/_site/tree/`);
      expect(await tree.text()).toContain('Taxonomy tree');
      const top = (await (await fetch(`${context.server.baseUrl}/_site/tree/_top.json`)).json()) as [string, string, number][];
      expect(top).toEqual([['tree', 'Tree term', IDS.length - 1]]);
    });

    // A term whose /{id} the site takes has its record in the query corpus: the worker reads no /{id} for it.
    it.skipIf(host !== 'rewriting')('answers a structured query with every matching term, those named like site paths too', async () => {
      const response = await fetch(`${context.server.baseUrl}/search/query?label=term&limit=50`);
      expect(response.status).toBe(200);
      const { classes } = (await response.json()) as { classes: { iri: string; label: string }[] };
      expect(classes.map((record) => record.iri).sort()).toEqual(IDS.map((id) => `https://names.example/${id}`).sort());
      expect(classes.find((record) => record.iri === 'https://names.example/docs')?.label).toBe(label('docs'));
    });

    it('finds every term by its label through the search client', async () => {
      const client = createSearchClient({ indexUrl: `${context.server.baseUrl}/search/` });
      for (const id of IDS) {
        const response = await client.searchPrefix(label(id), { limit: 5 });
        expect(
          response.classes.map((hit) => hit.iri),
          id,
        ).toContain(`https://names.example/${id}`);
      }
    });
  });
}

servedWithSiteNames('rewriting', ['docs', 'search', ...LIVE_FOLDER_IDS], ['wrangler pages dev', (out, port) => startWranglerPages(out, port)]);
servedWithSiteNames('rewriting', ['docs', 'search', ...LIVE_FOLDER_IDS], ['nginx', (out, port) => startNginxSite(out, port)], hasNginx);
servedWithSiteNames(
  'github-pages',
  ['docs', 'search', 'index', '404', ...LIVE_FOLDER_IDS],
  ['the GitHub Pages emulator', (out, port) => startGitHubPages(pagesArtifact(out).folder, '', port)],
  hasNginx,
);
