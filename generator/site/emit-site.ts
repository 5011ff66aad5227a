import { emitApi, type OutputFile } from '../emit/emit-api.ts';
import type { OntologyModel } from '../model/ontology-model.ts';
import type { Router } from '../route/router.ts';
import { SEARCH_FOLDER } from '../route/paths.ts';
import { checkQuery, INDEX_FILE, normalize, rankedResponse, rankEntities, SearchQueryError, type SearchEntity } from '../search/core/search-core.js';
import type { SearchSource } from '../search/search-entities.ts';
import type { SearchLabel } from '../search/search-label.ts';
import type { WordExamples } from '../search/word-examples.ts';
import { emitDocs } from './docs.ts';
import { SEARCH_EXAMPLE_LIMIT, emitOpenApi, pickExamples, type OpenApiExamples } from './openapi.ts';
import { emitTree } from './tree.ts';
import type { OntologySource } from '../live/health-view.ts';

export type SearchExample = OpenApiExamples['search'];

/** The prefix openapi.json's search example looks up: the start of the example class's label. */
export function exampleQuery(model: OntologyModel): string {
  const picked = pickExamples(model).class;
  return [...normalize(picked.record.label ?? picked.id)].slice(0, 4).join('').trim() || 'a';
}

/**
 * openapi.json's search example: what the index answers, worked out by the client's own ranking over every
 * entity the index is built from (test/search-agreement.test.ts holds the index to the same ranking).
 */
export function searchExample(model: OntologyModel, source: SearchSource): SearchExample {
  const query = exampleQuery(model);
  const checked = checkQuery(query, SEARCH_EXAMPLE_LIMIT);
  // A label matches only if it contains the query, so just those entities are ranked (one update: 30 → 13 ms).
  const candidates = new Map<SearchEntity, readonly SearchLabel[]>();
  // An update has each entity's labels joined in one string already (by marks no normalised query holds): one
  // search of it per entity, instead of one per label (11-14 ms of an update).
  const joined = checked.query === '' ? undefined : source.forms?.labels;
  for (let at = 0; at < source.entities.length; at += 1) {
    if (joined ? joined[at].includes(checked.query) : source.labels.at(at).some((label) => label.normalized.includes(checked.query)))
      candidates.set(source.entities[at], source.labels.at(at));
  }
  const ranked = rankEntities([...candidates.keys()], checked.query, (entity) => candidates.get(entity) ?? []);
  const badQuery = '!!';
  let badResponse: unknown;
  try {
    checkQuery(badQuery, undefined);
  } catch (error) {
    if (error instanceof SearchQueryError) badResponse = error.body;
  }
  return { query, response: rankedResponse(ranked, checked.limit), badQuery, badResponse };
}

export interface SiteInput {
  search: SearchExample;
  /** Where the build read the ontology (openapi.json's health example says it). */
  source: OntologySource;
  /** Label and definition search's examples, answered from the built index (records by id). */
  wordExamples?: WordExamples;
  /** The search index's entry file, which openapi.json quotes. */
  searchFiles: readonly OutputFile[];
  /** Updating: just these classes' tree files. */
  treeOnly?: ReadonlySet<string>;
}

/** The machine- and human-facing files around the API: openapi.json, /docs, the taxonomy tree's data. */
export function emitSite(model: OntologyModel, router: Router, { search, source, wordExamples, searchFiles, treeOnly }: SiteInput): OutputFile[] {
  const picked = pickExamples(model);
  const found = new Set(
    wordExamples ? [wordExamples.label, wordExamples.definition].flatMap((example) => [...example.results, ...example.properties].map(([id]) => id)) : [],
  );
  // openapi.json quotes the example entities' files and the search examples' records: emitted again here, as they are served.
  const quoted = emitApi(model, router, {
    only: (id) => id === picked.class.id || id === picked.property?.id || id === picked.nested?.id || found.has(id),
  });
  const entryPath = `${SEARCH_FOLDER}/${INDEX_FILE}`;
  const served = new Map([...quoted, ...searchFiles.filter((file) => file.path === entryPath)].map((file) => [file.path, file.contents]));
  return [
    emitOpenApi(model, router, { ...picked, source, served, search, words: wordExamples }),
    ...emitDocs(model.info.title ?? 'Ontology', router),
    ...emitTree(model, treeOnly),
  ];
}
