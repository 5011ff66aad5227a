// openapi.json's label and definition search examples: the example class's own label and the start of its
// definition, answered by the search core from the very index files the build serves (an update makes the files
// such a query reads, so they are at hand; their JSON is what is written).
import { SEARCH_FOLDER } from '../route/paths.ts';
import {
  bucketOf,
  compareCodePoints,
  definitionQueryTerms,
  fallbackKey,
  labelQueryWords,
  pairKey,
  queryKey,
  searchDefinitionWith,
  searchLabelWith,
  splitSet,
  stemKey,
} from './core/search-core.js';

/** The queries the examples show. */
export interface WordExampleQueries {
  label: string;
  definition: string;
}

/** An example's answer, with each result's id where the served answer has its record. */
export interface WordExample {
  query: string;
  results: [string, number][];
  properties: [string, number][];
}

export interface WordExamples {
  label: WordExample;
  definition: WordExample;
}

/** Results an example shows. */
export const WORD_EXAMPLE_LIMIT = 3;
// Words of a definition the definition example looks up.
const DEFINITION_EXAMPLE_WORDS = 6;

/** The example queries for a class: its label, and the first words of its definition. */
export function wordExampleQueries(label: string, definition: string | undefined): WordExampleQueries {
  return { label, definition: (definition ?? label).split(/\s+/).slice(0, DEFINITION_EXAMPLE_WORDS).join(' ') };
}

/** Every label file the label query may read: each word's own and fallback file, and each pair's. */
export function exampleLabelBuckets(query: string, buckets: number, split: readonly string[]): number[] {
  const lookup = splitSet(split);
  const words = [...new Set(labelQueryWords(query))];
  const keys = words.flatMap((word) => [queryKey(word, lookup), fallbackKey(word)]);
  const sorted = [...words].sort(compareCodePoints);
  sorted.forEach((first, at) => {
    for (const second of sorted.slice(at + 1)) keys.push(pairKey(`${first} ${second}`));
  });
  return keys.map((key) => bucketOf(key, buckets));
}

/** Every definition file the definition query reads. */
export function exampleDefinitionBuckets(query: string, buckets: number): number[] {
  return definitionQueryTerms(query).map((term) => bucketOf(stemKey(term), buckets));
}

/**
 * Both examples, answered from the files this build made (`made`: their contents by path in the search folder), but
 * those `kept` from the previous build, whose files it did not make again.
 */
export async function answerWordExamples(
  made: ReadonlyMap<string, object>,
  queries: WordExampleQueries,
  kept: Partial<WordExamples> = {},
): Promise<WordExamples> {
  const read = (path: string): unknown => {
    const body = made.get(path);
    if (body === undefined) throw new Error(`the search example reads ${SEARCH_FOLDER}/${path}, which this build did not make`);
    return body;
  };
  const ids = (answer: { results: [unknown, number][]; properties: [unknown, number][] }, query: string): WordExample => ({
    query,
    results: answer.results.map(([id, score]) => [String(id), score]),
    properties: answer.properties.map(([id, score]) => [String(id), score]),
  });
  // The record stands in as its id: the caller puts the served record in its place.
  const asId = (id: string) => id;
  return {
    label: kept.label ?? ids(await searchLabelWith(queries.label, WORD_EXAMPLE_LIMIT, read, () => read, asId), queries.label),
    definition: kept.definition ?? ids(await searchDefinitionWith(queries.definition, WORD_EXAMPLE_LIMIT, read, () => read, asId), queries.definition),
  };
}
