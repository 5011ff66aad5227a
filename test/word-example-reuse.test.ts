// openapi.json's label and definition search examples, as an update answers them: from the files it made, or, where
// the example's query is the same and its files are carried unchanged, the previous build's answer (its files then
// not made for it). Either way the answer a full build gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_IRI, generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { contentHash } from '../generator/changes/manifest.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import { definitionFilePath, labelFilePath } from '../generator/search/core/search-core.js';
import { emitSearch, type EmittedSearch } from '../generator/search/emit-search.ts';
import { searchSource } from '../generator/search/search-entities.ts';
import { exampleDefinitionBuckets, exampleLabelBuckets, wordExampleQueries, type WordExamples } from '../generator/search/word-examples.ts';
import { SEARCH_FOLDER } from '../generator/route/paths.ts';

const TEXT = generateFolioShaped({ classes: 800, properties: 20, seed: 5 });
const LABELS = [...TEXT.matchAll(/<rdfs:label>([^<]*)<\/rdfs:label>/g)];
// The example: the first class's label.
const EXAMPLE = LABELS.find((match) => (match.index ?? 0) > TEXT.indexOf('<owl:Class '))?.[1] ?? '';
const QUERIES = wordExampleQueries(EXAMPLE, undefined);

async function modelOf(text: string): Promise<OntologyModel> {
  return buildModel((await parseSources([{ name: 'synthetic.owl', baseIRI: BASE_IRI, format: 'rdfxml', text }])).quads);
}

/** The input with the n-th rdfs:label replaced. */
function relabelled(n: number, label: string): string {
  const match = LABELS[n];
  const at = match.index ?? 0;
  return `${TEXT.slice(0, at)}<rdfs:label>${label}</rdfs:label>${TEXT.slice(at + match[0].length)}`;
}

/** The input with the last skos:definition made three times as long (the definitions' mean length changes). */
function redefined(): string {
  const match = [...TEXT.matchAll(/<skos:definition>([^<]*)<\/skos:definition>/g)].at(-1);
  const at = match?.index ?? 0;
  const text = match?.[1] ?? '';
  return `${TEXT.slice(0, at)}<skos:definition>${text} ${text} ${text}</skos:definition>${TEXT.slice(at + (match?.[0].length ?? 0))}`;
}

function memoExamples(search: EmittedSearch): WordExamples {
  return JSON.parse(search.memo.words?.examples ?? 'null') as WordExamples;
}

describe("an update's search examples", () => {
  let before: EmittedSearch;
  let beforeModel: OntologyModel;
  beforeAll(async () => {
    beforeModel = await modelOf(TEXT);
    before = await emitSearch({ ...searchSource(beforeModel), examples: QUERIES });
  });

  /** The update of `before` to the text, and a full build of the same. */
  async function updateAndFull(text: string): Promise<{ update: EmittedSearch; full: EmittedSearch }> {
    const model = await modelOf(text);
    const hashes = new Map(before.files.map((file) => [file.path, contentHash(file.contents ?? '')]));
    // The entities whose record changed, as an update plan knows them.
    const redo = new Set(
      model.entities
        .filter((entity) => JSON.stringify(beforeModel.entityByIri(entity.iri)?.record) !== JSON.stringify(entity.record))
        .map((entity) => entity.iri),
    );
    expect(redo.size).toBe(1);
    const update = await emitSearch(
      { ...searchSource(model, { memo: before.memo, redo }), examples: QUERIES },
      { memo: before.memo, hashOf: (path) => hashes.get(path) },
    );
    const full = await emitSearch({ ...searchSource(model), examples: QUERIES });
    return { update, full };
  }

  /** Whether the update made any of the files the examples read. */
  function madeExampleFiles(update: EmittedSearch, full: EmittedSearch): { label: boolean; definition: boolean } {
    const entry = full.files.find((file) => file.path === `${SEARCH_FOLDER}/words.json`);
    const layout = JSON.parse(String(entry?.contents)) as { label: { buckets: number; split: string[] }; definition: { buckets: number } };
    const made = new Set(update.files.map((file) => file.path));
    const any = (paths: string[]) => paths.some((path) => made.has(`${SEARCH_FOLDER}/${path}`));
    return {
      label: any(exampleLabelBuckets(QUERIES.label, layout.label.buckets, layout.label.split).map(labelFilePath)),
      definition: any(exampleDefinitionBuckets(QUERIES.definition, layout.definition.buckets).map(definitionFilePath)),
    };
  }

  it('has a label example that finds something (the case the test is for)', () => {
    expect(before.examples?.label.results.length).toBeGreaterThan(0);
    expect(memoExamples(before)).toEqual(before.examples);
  });

  it('keeps the answers, and makes none of their files, where an edit reaches none of them', async () => {
    const { update, full } = await updateAndFull(relabelled(LABELS.length - 1, 'Quixotic Zeppelin Warranty'));
    expect(update.examples).toEqual(full.examples);
    expect(madeExampleFiles(update, full)).toEqual({ label: false, definition: false });
    expect(memoExamples(update)).toEqual(full.examples);
  });

  it("answers again from the files it made where an edit reaches the label example's files, as a full build answers", async () => {
    // Another class given the example's own label ranks with it: the answer is not the previous one.
    const { update, full } = await updateAndFull(relabelled(LABELS.length - 1, EXAMPLE));
    expect(madeExampleFiles(update, full).label).toBe(true);
    expect(full.examples?.label).not.toEqual(before.examples?.label);
    expect(update.examples).toEqual(full.examples);
    expect(memoExamples(update)).toEqual(full.examples);
  });

  it('answers the definition example again where any definition changed (its scores weigh every definition), as a full build answers', async () => {
    const { update, full } = await updateAndFull(redefined());
    expect(full.examples?.definition).not.toEqual(before.examples?.definition);
    expect(update.examples).toEqual(full.examples);
  });
});
