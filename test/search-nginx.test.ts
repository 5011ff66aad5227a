import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputFile } from '../generator/emit/emit-api.ts';
import { emitJson } from '../generator/emit/json.ts';
import { emitNginxSearch } from '../generator/host/nginx-search.ts';
import { foldJson, foldTable, nonAsciiCharacters } from '../generator/search/fold-table.ts';
import type { SearchEntity } from '../generator/search/client/search-client.js';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import { Router } from '../generator/route/router.ts';
import { DEFAULT_BUDGETS, buildSearchIndex, type IndexBudgets } from '../generator/search/build-search-index.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { memoryFetch } from './support/memory-fetch.ts';
import { hasNginx, startNginx } from './support/nginx.ts';
import { TINY, UNICODE_FIXTURE, queriesOf, syntheticModel } from './support/search-cases.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';
import type { RunningServer } from './support/server-process.ts';

const TRICKY = [
  'ＬＡＷ',
  'ﬁn',
  'ΟΔΟΣ',
  'οδος',
  'σίσυφος',
  '법률',
  '법',
  '𝔏aw',
  '𝔏',
  '½',
  'İst',
  'ıst',
  'straße',
  'STRASSE',
  'zu\u0308r',
  'ZÜRICH',
  'न्याय',
  '😀',
  '\ue000',
  'Æ',
  'law+firm',
  'law%20f',
  '①',
  'Ⅻ',
  'a'.repeat(1024),
  'é'.repeat(1024),
];

function writeSite(files: readonly OutputFile[]): string {
  const root = mkdtempSync(join(tmpdir(), 'nginx-site-'));
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.contents);
  }
  return root;
}

// The exact search URL on a real nginx: the njs port must answer exactly as the client does.
function onNginx(name: string, model: () => Promise<OntologyModel>, budgets: IndexBudgets, enabled = true): void {
  describe.skipIf(!hasNginx || !enabled)(`GET /search/prefix on nginx + njs: ${name}`, () => {
    let server: RunningServer;
    let site: string;
    let files: OutputFile[];
    let queries: string[];
    beforeAll(async () => {
      const built = await model();
      const index = buildSearchIndex(built, budgets);
      files = [...index.files, ...emitNginxSearch(new Router('http://127.0.0.1/'), foldJson(index.memo.characters))];
      // The client is checked against the semantics on every query elsewhere; here a spread of them checks the port.
      const all = queriesOf(built);
      const step = Math.max(1, Math.ceil(all.length / 700));
      queries = [...all.filter((_, at) => at % step === 0), ...TRICKY];
      site = writeSite(files);
      server = await startNginx(site, `js_path "${site}/_nginx/"; js_import search from search.js;`, `include ${site}/_nginx/search.conf;`);
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(site, { recursive: true, force: true });
    });

    it('answers every query like the client, status and body', async () => {
      const client = createSearchClient({ indexUrl: 'https://x.example/search/', fetch: memoryFetch(files, 'https://x.example').fetch });
      for (const query of queries) {
        const limits = [...query].length <= 2 ? [undefined, 1000] : [undefined];
        for (const limit of limits) {
          const url = `${server.baseUrl}/search/prefix?query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`;
          const response = await fetch(url);
          const expected = await client.searchPrefix(query, { limit }).then(
            (body) => ({ status: 200, body }),
            (error: { status: number; body: unknown }) => ({ status: error.status, body: error.body }),
          );
          expect({ status: response.status, body: await response.json() }, query).toEqual(expected);
          expect(response.headers.get('access-control-allow-origin')).toBe('*');
        }
      }
    });

    it('rejects bad limits and empty queries with 400 and a detail', async () => {
      for (const bad of ['', 'query=', 'query=%21%21', 'query=co&limit=0', 'query=co&limit=1001', 'query=co&limit=x', `query=${'a'.repeat(1025)}`]) {
        const response = await fetch(`${server.baseUrl}/search/prefix?${bad}`);
        expect(response.status, bad).toBe(400);
        expect(Object.keys((await response.json()) as object)).toEqual(['detail']);
      }
    });

    it('keeps its own files private', async () => {
      expect((await fetch(`${server.baseUrl}/_nginx/search.js`)).status).toBe(404);
    });
  });
}

onNginx('the repo sample', async () => buildModel((await loadOntology(SAMPLE_ONTOLOGY)).quads), DEFAULT_BUDGETS);
onNginx('the repo sample, tiny files', async () => buildModel((await loadOntology(SAMPLE_ONTOLOGY)).quads), TINY);
onNginx('Unicode edge cases, tiny files', async () => buildModel((await loadOntology(UNICODE_FIXTURE)).quads), { fileGzip: 400, leafRaw: 300, fileRaw: 600 });
onNginx('a synthetic FOLIO-shaped ontology of 600 classes, tiny files', () => syntheticModel(600), TINY);
onNginx('folio-excerpt.owl', async () => buildModel((await loadOntology(EXCERPT)).quads), DEFAULT_BUDGETS, hasShared);

describe('the nginx fold table kept from the previous build', () => {
  const entity = (label: string): SearchEntity => ({
    kind: 'class',
    iri: `https://x.example/${label}`,
    label,
    preferred_label: null,
    alternative_labels: [],
    definition: null,
    extra_labels: [],
  });
  const before = [entity('Café'), entity('한국 법'), entity('Plain')];
  it.each([
    ['the same characters (an ASCII edit)', [entity('Café'), entity('한국 법'), entity('Plainer')], true],
    ['one character more (outside the fixed ranges)', [...before, entity('계약')], false],
    ['one character fewer', [entity('Café'), entity('Plain')], false],
  ])('%s: the text folded afresh, reused only when the characters are the same', (_, after, reused) => {
    const previous = foldJson(before.map(nonAsciiCharacters));
    const kept = foldJson(after.map(nonAsciiCharacters), previous);
    expect(kept.json).toBe(emitJson(foldTable(after)));
    expect(kept === previous).toBe(reused);
  });
});
