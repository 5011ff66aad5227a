import type { OutputFile } from '../emit/emit-api.ts';
import type { OntologyModel } from '../model/build-model.ts';
import type { Router } from '../route/router.ts';
import { createSearchClient, normalize, SearchQueryError } from '../search/client/search-client.js';
import { filesFetch } from '../search/files-fetch.ts';
import { emitDocs } from './docs.ts';
import { SEARCH_EXAMPLE_LIMIT, emitOpenApi, pickExamples } from './openapi.ts';
import { emitTree } from './tree.ts';

/** The prefix openapi.json's search example looks up: its shard is among the files the site stage is given. */
export function exampleQuery(model: OntologyModel): string {
  const picked = pickExamples(model).class;
  return [...normalize(picked.record.label ?? picked.id)].slice(0, 4).join('').trim() || 'a';
}

/** The machine- and human-facing files around the API: openapi.json, /docs, the taxonomy tree's data (with `treeOnly`, just those classes' tree files). */
export async function emitSite(model: OntologyModel, router: Router, built: readonly OutputFile[], treeOnly?: ReadonlySet<string>): Promise<OutputFile[]> {
  const served = new Map(built.map((file) => [file.path, file.contents]));
  const picked = pickExamples(model);
  const client = createSearchClient({ indexUrl: 'https://build.invalid/search/', fetch: filesFetch(built, 'https://build.invalid') });
  const query = exampleQuery(model);
  const badQuery = '!!';
  const badResponse = await client.searchPrefix(badQuery).then(() => undefined, (error: unknown) => (error instanceof SearchQueryError ? error.body : undefined));
  const search = { query, response: await client.searchPrefix(query, { limit: SEARCH_EXAMPLE_LIMIT }), badQuery, badResponse };
  return [
    emitOpenApi(model, router, { ...picked, served, search }),
    ...emitDocs(model.info.title ?? 'Ontology', router),
    ...emitTree(model, treeOnly),
  ];
}
