import { beforeAll, describe, expect, it } from 'vitest';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import { DEFAULT_BUDGETS, buildSearchIndex, type IndexBudgets } from '../generator/search/build-search-index.ts';
import { SearchQueryError, createSearchClient, normalize } from '../generator/search/client/search-client.js';
import type { OutputFile } from '../generator/emit/emit-api.ts';
import { bruteForceSearch, candidatesOf, plainNormalize } from './support/brute-force-search.ts';
import { queriesOf, TINY, syntheticModel, UNICODE_FIXTURE } from './support/search-cases.ts';
import { memoryFetch } from './support/memory-fetch.ts';
import { EXCERPT, SAMPLE_ONTOLOGY, hasShared } from './support/shared-data.ts';

const ORIGIN = 'https://search.example.org';

type Structure = 'several shards' | 'ranked prefixes' | 'chains' | 'rest files';

function agreement(name: string, model: () => Promise<OntologyModel>, budgets: IndexBudgets, structures: Structure[], enabled = true): void {
  describe.skipIf(!enabled)(`prefix search agrees with the semantics: ${name}`, () => {
    let files: OutputFile[];
    let candidates: ReturnType<typeof candidatesOf>;
    let queries: string[];
    beforeAll(async () => {
      const built = await model();
      files = buildSearchIndex(built, budgets).files;
      candidates = candidatesOf(built);
      queries = queriesOf(built);
    });

    it('exercises the index structures it is meant to check', () => {
      const shards = files
        .filter((file) => /\/s\/[^/]+\.json$/.test(file.path))
        .map((file) => JSON.parse(file.contents) as { n: Record<string, Record<string, unknown>> });
      const nodes = shards.flatMap((shard) => Object.values(shard.n));
      const count = (test: (node: Record<string, unknown>) => boolean) => nodes.filter(test).length;
      const present: Record<Structure, boolean> = {
        'several shards': shards.length > 1,
        'ranked prefixes': count((node) => 't' in node) > 0,
        chains: count((node) => 'f' in node) > 0,
        'rest files': count((node) => 'r' in node) > 0,
      };
      expect(
        count((node) => 'l' in node),
        'leaves',
      ).toBeGreaterThan(0);
      for (const structure of structures) expect(present[structure], structure).toBe(true);
    });

    it('normalises like the plain reading of the rules', () => {
      for (const query of queries) expect(normalize(query), query).toBe(plainNormalize(query));
    });

    it('returns, for every query, the brute-force result in order, with exact totals, in at most 2 requests', async () => {
      const client = createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: memoryFetch(files, ORIGIN).fetch });
      let compared = 0;
      for (const query of queries) {
        const expected = bruteForceSearch(candidates, query);
        if (plainNormalize(query) === '') {
          await expect(client.searchPrefix(query), query).rejects.toThrow(SearchQueryError);
          continue;
        }
        const fresh = memoryFetch(files, ORIGIN);
        const result = await createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: fresh.fetch }).searchPrefix(query);
        expect(result, query).toEqual({
          classes: expected.classes.slice(0, 50),
          properties: expected.properties.slice(0, 50),
          total_classes: expected.classes.length,
          total_properties: expected.properties.length,
        });
        expect(fresh.requested.length, query).toBeLessThanOrEqual(2);
        expect(await client.searchPrefix(query), query).toEqual(result);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(100);
    });

    it('honours limit, up to 1000, for the one- and two-character queries', async () => {
      const client = createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: memoryFetch(files, ORIGIN).fetch });
      for (const query of queries.filter((q) => [...plainNormalize(q)].length <= 2 && plainNormalize(q) !== '')) {
        const expected = bruteForceSearch(candidates, query);
        for (const limit of [1, 7, 1000]) {
          const result = await client.searchPrefix(query, { limit });
          expect(result.classes, `${query} limit ${limit}`).toEqual(expected.classes.slice(0, limit));
          expect(result.properties, `${query} limit ${limit}`).toEqual(expected.properties.slice(0, limit));
          expect([result.total_classes, result.total_properties]).toEqual([expected.classes.length, expected.properties.length]);
        }
      }
    });
  });
}

const ALL: Structure[] = ['several shards', 'ranked prefixes', 'chains', 'rest files'];
const sample = async () => buildModel((await loadOntology(SAMPLE_ONTOLOGY)).quads);
const excerpt = async () => buildModel((await loadOntology(EXCERPT)).quads);
agreement('the repo sample, tiny files', sample, TINY, ['several shards', 'ranked prefixes']);
agreement(
  'Unicode edge cases (astral, private use, Greek, Hangul, ligatures), tiny files',
  async () => buildModel((await loadOntology(UNICODE_FIXTURE)).quads),
  { fileGzip: 400, leafRaw: 300, fileRaw: 600 },
  ['several shards', 'ranked prefixes'],
);
agreement('folio-excerpt.owl', excerpt, DEFAULT_BUDGETS, [], hasShared);
agreement('folio-excerpt.owl, tiny files', excerpt, TINY, ['several shards', 'ranked prefixes', 'chains'], hasShared);
agreement('a synthetic FOLIO-shaped ontology of 1,500 classes', () => syntheticModel(1500), DEFAULT_BUDGETS, ALL);
agreement('a synthetic FOLIO-shaped ontology of 600 classes, tiny files', () => syntheticModel(600), TINY, ALL);
