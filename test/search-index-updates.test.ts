import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_IRI, generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import type { OutputFile } from '../generator/emit/emit-api.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { contentHash } from '../generator/changes/manifest.ts';
import { DEFAULT_BUDGETS, buildSearchIndex, indexSearchSource, type SearchIndex } from '../generator/search/build-search-index.ts';
import { searchSource } from '../generator/search/search-entities.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import { createSearchClient, INDEX_VERSION, normalize, type Shard } from '../generator/search/client/search-client.js';
import { filesFetch } from './support/files-fetch.ts';

const ORIGIN = 'https://search.example.org';
const TEXT = generateFolioShaped({ classes: 3000, properties: 40, seed: 11 });

async function modelOf(text: string) {
  return buildModel((await parseSources([{ name: 'synthetic.owl', baseIRI: BASE_IRI, format: 'rdfxml', text }])).quads);
}

async function index(text: string): Promise<OutputFile[]> {
  return buildSearchIndex(await modelOf(text), DEFAULT_BUDGETS).files;
}

/** The input with the n-th rdfs:label replaced. */
function relabelled(n: number, label: (old: string) => string): { text: string; old: string } {
  const labels = [...TEXT.matchAll(/<rdfs:label>([^<]*)<\/rdfs:label>/g)];
  const match = labels[n];
  const at = match.index ?? 0;
  return { text: `${TEXT.slice(0, at)}<rdfs:label>${label(match[1])}</rdfs:label>${TEXT.slice(at + match[0].length)}`, old: match[1] };
}

/**
 * The input with a label word replaced by a common one: the only word of any label (alternative and hidden ones
 * too) whose first two letters are its, under a first letter many words share.
 */
function withoutOnlyWordOf(first: string): string {
  const labels = [...TEXT.matchAll(/<(?:rdfs:label|skos:altLabel|skos:hiddenLabel|skos:prefLabel)[^>]*>([^<]*)</g)];
  const byStart = new Map<string, { label: number; word: string }[]>();
  labels.forEach((match, label) => {
    for (const word of match[1].split(' ')) {
      const start = word.toLowerCase().slice(0, 2);
      if (start.length === 2) byStart.set(start, [...(byStart.get(start) ?? []), { label, word }]);
    }
  });
  const only = [...byStart].find(([start, holders]) => start.startsWith(first) && holders.length === 1);
  if (!only) throw new Error(`no two-letter start under "${first}" is held by one label word alone`);
  const [{ label, word }] = only[1];
  const match = labels[label];
  const at = (match.index ?? 0) + match[0].length - match[1].length - 1;
  const replaced = match[1]
    .split(' ')
    .map((other) => (other === word ? 'contract' : other))
    .join(' ');
  return `${TEXT.slice(0, at)}${replaced}${TEXT.slice(at + match[1].length)}`;
}

function changedFiles(before: OutputFile[], after: OutputFile[]) {
  const old = new Map(before.map((file) => [file.path, file.contents]));
  const paths = new Set(after.map((file) => file.path));
  return {
    written: after.filter((file) => old.get(file.path) !== file.contents).map((file) => file.path),
    removed: before.filter((file) => !paths.has(file.path)).map((file) => file.path),
  };
}

describe('the search index after one label is edited', () => {
  let before: OutputFile[];
  beforeAll(async () => {
    before = await index(TEXT);
  });

  // Table: an edit that keeps the label's place in label order, and one that moves it (renumbering entities between).
  it.each([
    ['a word added at the end', 400, (old: string) => `${old} revised`],
    ['a new first word', 1700, (old: string) => `Zymurgy ${old}`],
  ])('%s rewrites only the shards its words reach, keeping every other file and name', async (_name, n, label) => {
    const edit = relabelled(n, label);
    const after = await index(edit.text);
    const { written, removed } = changedFiles(before, after);
    const words = [edit.old, label(edit.old)].flatMap((text) =>
      normalize(text)
        .split(' ')
        .map((_, at, all) => all.slice(at).join(' ')),
    );
    const reached = (prefix: string) => words.some((word) => word.startsWith(prefix));
    const shard = (files: OutputFile[], path: string) => {
      const file = files.find((candidate) => candidate.path === path);
      return file && (JSON.parse(file.contents) as Shard);
    };
    const rewrittenShards = written.filter((path) => path.startsWith('search/s/'));
    expect(rewrittenShards.length).toBeGreaterThan(0);
    for (const path of rewrittenShards) {
      const now = shard(after, path);
      const then = shard(before, path);
      // A shard is rewritten because it shows the edited entity (its other labels lead there too), holds a node
      // the old or new label's words reach, or because its boundaries moved.
      const showsEntity = (now?.e ?? []).some((entity) => entity[2] === label(edit.old));
      const holdsReached = Object.keys(now?.n ?? {}).some(reached);
      expect(showsEntity || holdsReached || JSON.stringify(now?.b) !== JSON.stringify(then?.b), path).toBe(true);
    }
    // The entity's chunk (and the one it moves to), the entry file; rest files only where rankings changed.
    expect(written.filter((path) => path.startsWith('search/c/')).length).toBeLessThanOrEqual(2);
    expect(written).toContain('search/index.json');
    expect(written.length + removed.length).toBeLessThan(before.length / 10);
  });

  it('refuses an entry file of another format than the client reads, naming both', async () => {
    const entry = before.find((file) => file.path === 'search/index.json') as OutputFile;
    expect(JSON.parse(entry.contents).v).toBe(INDEX_VERSION);
    const later = { path: entry.path, contents: JSON.stringify({ ...JSON.parse(entry.contents), v: INDEX_VERSION + 1 }) };
    const client = createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: filesFetch([later, ...before.filter((file) => file !== entry)], ORIGIN) });
    await expect(client.searchPrefix('co')).rejects.toThrow(
      `search index: index.json is format ${INDEX_VERSION + 1}, this search code reads format ${INDEX_VERSION} (use the client.js served beside the index, or the handler built with it)`,
    );
  });

  it('gives a client that read the entry file before a deploy the answers of a fresh client', async () => {
    // A deploy that changed much: the shards the old entry file names begin and end elsewhere now, or are gone.
    const after = await index(generateFolioShaped({ classes: 2500, properties: 30, seed: 12 }));
    const oldEntry = before.find((file) => file.path === 'search/index.json');
    // The old entry file is the first answer (a cache kept it); every later request gets the new files.
    const requested: string[] = [];
    const newFetch = filesFetch(after, ORIGIN);
    const staleFetch = async (url: string) => {
      requested.push(url);
      return url === `${ORIGIN}/search/index.json` && oldEntry && requested.length === 1 ? filesFetch([oldEntry], ORIGIN)(url) : newFetch(url);
    };
    const stale = createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: staleFetch });
    const fresh = createSearchClient({ indexUrl: `${ORIGIN}/search/`, fetch: newFetch });
    expect(await stale.searchPrefix('co', { limit: 200 })).toEqual(await fresh.searchPrefix('co', { limit: 200 }));
    // The first shard read did not match the old entry file, so the client read the entry file again, past caches.
    expect(requested.filter((url) => url.startsWith(`${ORIGIN}/search/index.json?reload=`))).toHaveLength(1);
    for (const query of ['q', 'law', 'sol', 'ज'])
      expect(await stale.searchPrefix(query, { limit: 200 }), query).toEqual(await fresh.searchPrefix(query, { limit: 200 }));
  });
});

// The manifest's own hash, as an update reads the previous build's from its manifest.
const hash = contentHash;

/** Edits of the input: one entity's label, definition, a class added, a class removed. */
const EDITS: [string, () => string][] = [
  ['a word added to a label', () => relabelled(400, (old) => `${old} revised`).text],
  ['a label given a new first word', () => relabelled(1700, (old) => `Zymurgy ${old}`).text],
  // Under a busy first letter (a node ranked in advance, worked out again from its previous lists and children).
  ['a word whose first two letters no word had, under a busy first letter', () => relabelled(1700, (old) => `Cqxwz ${old}`).text],
  ['the one word with its first two letters taken out, under a busy first letter', () => withoutOnlyWordOf('c')],
  ['a definition rewritten', () => TEXT.replace(/(<skos:definition>)[^<]*/, '$1A wholly new definition of this concept.')],
  [
    'a class added',
    () =>
      TEXT.replace(
        '</rdf:RDF>',
        `<owl:Class rdf:about="${BASE_IRI}RNewClassForTheTest"><rdfs:label>Newly Minted Contract Clause</rdfs:label></owl:Class>\n</rdf:RDF>`,
      ),
  ],
  ['a class removed', () => TEXT.replace(/<owl:Class rdf:about="[^"]*">(?:(?!<\/owl:Class>)[\s\S])*<\/owl:Class>/, '')],
];

describe('the search index updated from the previous build', () => {
  let before: SearchIndex;
  let beforeModel: OntologyModel;
  beforeAll(async () => {
    beforeModel = await modelOf(TEXT);
    before = buildSearchIndex(beforeModel, DEFAULT_BUDGETS);
  });

  it.each(EDITS)('after %s: the files written plus the files kept equal a full build, and far fewer are written', async (_name, edit) => {
    const text = edit();
    expect(text).not.toBe(TEXT);
    const model = await modelOf(text);
    const full = buildSearchIndex(model, DEFAULT_BUDGETS);
    const previousFiles = new Map(before.files.map((file) => [file.path, file.contents]));
    const hashes = new Map(before.files.map((file) => [file.path, hash(file.contents)]));
    const previous = { memo: before.memo, hashOf: (path: string) => hashes.get(path) };
    // Given which entities' own triples changed, as an update plan knows, the others keep their memoised search data.
    const redo = changedSubjects(beforeModel, model);
    const ways = [
      buildSearchIndex(model, DEFAULT_BUDGETS, previous),
      indexSearchSource(searchSource(model, { memo: before.memo, redo }), DEFAULT_BUDGETS, previous),
    ];
    for (const updated of ways) {
      const result = new Map(updated.files.map((file) => [file.path, file.contents]));
      for (const [path, fileHash] of updated.carried) {
        expect(result.has(path), path).toBe(false);
        expect(hashes.get(path), path).toBe(fileHash);
        result.set(path, previousFiles.get(path) ?? '');
      }
      expect(new Map([...result].sort())).toEqual(new Map(full.files.map((file) => [file.path, file.contents] as const).sort()));
      expect(updated.stats).toEqual(full.stats);
      // What the next update starts from is what a full build would leave.
      // Node's deep comparison first: it compares typed arrays and buffers natively, where their JSON (or Vitest's
      // walk) takes seconds; Vitest's own only to show where they differ.
      if (!isDeepStrictEqual(updated.memo, full.memo)) expect(updated.memo).toEqual(full.memo);
      expect(updated.files.length).toBeLessThan(full.files.length / 5);
    }
  });
});

/** IRIs of the entities whose own triples differ between two models (or that only one has). */
function changedSubjects(before: OntologyModel, after: OntologyModel): Set<string> {
  const own = (model: OntologyModel) =>
    new Map(
      model.entities.map((entity) => [
        entity.iri,
        entity.quads
          .filter((quad) => quad.subject.value === entity.iri)
          .map((quad) => `${quad.predicate.value} ${quad.object.value}`)
          .sort()
          .join('\n'),
      ]),
    );
  const then = own(before);
  const now = own(after);
  return new Set([...then.keys(), ...now.keys()].filter((iri) => then.get(iri) !== now.get(iri)));
}
