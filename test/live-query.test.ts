// The structured queries (`/search/query`, `/search/query_properties`) as the search core answers them over the query
// corpus a build writes: the live service's rules where its recorded answers say nothing (test/live-api-replay.test.ts
// holds the 191 it recorded), what we answer where it fails, and rapidfuzz's partial_ratio, which `fuzzy` keeps a text by.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLiveSearch } from '../generator/live/live-routes.ts';
import { queryCorpus, type PreviousFiles } from '../generator/live/query-corpus.ts';
import { loadOntology, parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { partialRatio, partialRatioAtLeast } from '../generator/search/core/search-core.js';
import { hasShared, ROOTED_EXCERPT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';

type Answer = { status: number; body: { classes?: { iri: string; deprecated: boolean; parent_class_of: string[] }[]; properties?: { iri: string }[] } };

const sample = loadOntology(SAMPLE_ONTOLOGY).then((loaded) => new LiveGraph(buildModel(loaded.quads)));
async function ask(url: string, graph?: LiveGraph): Promise<Answer> {
  return (await answerLiveSearch(graph ?? (await sample), url)) as Answer;
}
const iris = (answer: Answer) => (answer.body.classes ?? answer.body.properties ?? []).map((record) => record.iri);

describe('rapidfuzz partial_ratio, as fuzzy matching reads it', () => {
  // Scores rapidfuzz 3.14 gives for each pair.
  it.each<[string, string, number]>([
    // First: a text longer than the slot buffer the module starts with, which makes it grow.
    ['court', `${'x'.repeat(300)}cuort${'y'.repeat(40)}`, 80],
    ['court', 'Supreme Court of Georgia', 80],
    ['court', 'cuort', 80],
    ['court', 'ccourt', 100],
    ['tax', 'syntax error', 100],
    ['lessor', 'the lessee', 66.66666666666667],
    ['georgia', 'Georgian', 85.71428571428572],
    ['of', 'has', 0],
    ['', 'x', 0],
    ['', '', 100],
    ['abcd', 'dcba', 40],
    ['Court', 'court', 88.88888888888889],
    ['𝒜b', 'x𝒜b', 100],
    ['district court', 'the district', 80],
    ['a'.repeat(40), `${'b'.repeat(10)}${'a'.repeat(38)}${'c'.repeat(5)}`, 95],
  ])('partial_ratio(%j, %j) = %d', (a, b, score) => {
    expect(partialRatio(a, b)).toBe(score);
    expect(partialRatioAtLeast(a, b, 70)).toBe(score >= 70);
  });

  const python = spawnSync('python3', ['-c', 'import rapidfuzz'], { encoding: 'utf8' });
  const hasRapidfuzz = python.status === 0;
  if (!hasRapidfuzz) console.warn('skipped: rapidfuzz is not importable by python3 here (pip install rapidfuzz), so the random pairs are not compared with it');
  it.skipIf(!hasRapidfuzz)('equals rapidfuzz itself on 2,000 random pairs (short and long needles, equal lengths, astral characters)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const text = (length: number) => Array.from({ length }, () => 'abcde 𝒜é'[Math.floor(random() * 8)]).join('');
    const pairs = Array.from({ length: 2000 }, (_, at) => [text(Math.floor(random() * (at % 5 === 0 ? 70 : 9))), text(Math.floor(random() * 120))]);
    const script = 'import json,sys\nfrom rapidfuzz import fuzz\nprint(json.dumps([fuzz.partial_ratio(a, b) for a, b in json.load(sys.stdin)]))';
    const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(pairs), encoding: 'utf8', maxBuffer: 1 << 24 });
    expect(run.status, run.stderr).toBe(0);
    const expected = JSON.parse(run.stdout) as number[];
    expect(pairs.map(([a, b]) => partialRatio(a, b))).toEqual(expected);
    // The fuzzy filter's own test, which stops at the first window that reaches the cutoff.
    for (const cutoff of [50, 70, 90]) expect(pairs.map(([a, b]) => partialRatioAtLeast(a, b, cutoff))).toEqual(expected.map((score) => score >= cutoff));
  });
});

describe('structured queries on the sample', () => {
  it.each<[string, string, (answer: Answer) => void]>([
    [
      'a limit of 0 gives the first match (the live service appends, then checks)',
      '/search/query?label=a&limit=0',
      (answer) => expect(iris(answer)).toHaveLength(1),
    ],
    ['a negative limit too', '/search/query?label=a&limit=-3', (answer) => expect(iris(answer)).toHaveLength(1)],
    [
      'a limit that is no integer: the 422 FastAPI gives',
      '/search/query?limit=ten',
      (answer) =>
        expect(answer).toEqual({ status: 422, body: { detail: [expect.objectContaining({ type: 'int_parsing', loc: ['query', 'limit'], input: 'ten' })] } }),
    ],
    [
      'a boolean that is none: a 422',
      '/search/query?has_children=maybe',
      (answer) => expect(answer.body).toEqual({ detail: [expect.objectContaining({ type: 'bool_parsing', loc: ['query', 'has_children'] })] }),
    ],
    [
      'an invalid regex: a 400 with the reason (the live service fails with a 500)',
      '/search/query?label=%28&match_mode=regex',
      (answer) => expect(answer).toEqual({ status: 400, body: { detail: expect.stringMatching(/^match_mode=regex: .*/) } }),
    ],
    [
      'an unknown match mode matches no text',
      '/search/query?label=a&match_mode=glob',
      (answer) => expect(answer).toEqual({ status: 200, body: { classes: [], properties: [] } }),
    ],
    [
      'an unknown match mode without a text filter keeps every class',
      '/search/query?match_mode=glob&limit=3',
      (answer) => expect(iris(answer)).toHaveLength(3),
    ],
    ['an unknown branch: none', '/search/query?branch=nothing', (answer) => expect(answer).toEqual({ status: 200, body: { classes: [], properties: [] } })],
    [
      'has_children=yes: classes with children only',
      '/search/query?has_children=yes&limit=100',
      (answer) => expect(answer.body.classes?.every((record) => record.parent_class_of.length > 0)).toBe(true),
    ],
    [
      'has_children=0: leaves only',
      '/search/query?has_children=0&limit=100',
      (answer) => expect(answer.body.classes?.every((record) => record.parent_class_of.length === 0)).toBe(true),
    ],
  ])('%s', async (_, url, check) => {
    check(await ask(url));
  });

  it('regex: Python spellings (named groups, \\A and \\Z) read as Python reads them, case-insensitively', async () => {
    const plain = iris(await ask('/search/query?label=%5Ecourt&match_mode=regex&limit=100'));
    expect(plain.length).toBeGreaterThan(0);
    expect(iris(await ask(`/search/query?label=${encodeURIComponent('\\A(?P<w>COURT)')}&match_mode=regex&limit=100`))).toEqual(plain);
    const ends = iris(await ask(`/search/query?label=${encodeURIComponent('court$')}&match_mode=regex&limit=100`));
    expect(iris(await ask(`/search/query?label=${encodeURIComponent('court\\Z')}&match_mode=regex&limit=100`))).toEqual(ends);
  });

  it('deprecated classes only when asked for, and parent_iri by IRI or by id alike', async () => {
    const graph = await sample;
    const all = iris(await ask('/search/query?deprecated=true&limit=1000'));
    const current = iris(await ask('/search/query?limit=1000'));
    expect(all.length).toBeGreaterThan(current.length);
    expect(all.filter((iri) => !current.includes(iri)).every((iri) => graph.classOf(iri)?.deprecated)).toBe(true);
    const parent = graph.classes.find((record) => record.parent_class_of.length > 1) as { iri: string; parent_class_of: string[] };
    const byIri = iris(await ask(`/search/query?parent_iri=${encodeURIComponent(parent.iri)}&limit=1000`));
    expect(byIri).toEqual(expect.arrayContaining(parent.parent_class_of));
    expect(iris(await ask(`/search/query?parent_iri=${parent.iri.slice(graph.baseIri.length)}&limit=1000`))).toEqual(byIri);
  });

  it('a class file row by row: an update that splices the changed rows makes the files a whole corpus makes, and keeps the rest', async () => {
    const text = readFileSync(join(SAMPLE_ONTOLOGY, 'sample.owl'), 'utf8');
    const extra = readFileSync(join(SAMPLE_ONTOLOGY, 'sample-extra.ttl'), 'utf8');
    const graphOf = async (owl: string) => {
      const sources = [
        { name: 'sample.owl', baseIRI: 'https://lexicon.example.org/', format: 'rdfxml' as const, text: owl },
        { name: 'sample-extra.ttl', baseIRI: 'https://lexicon.example.org/', format: 'turtle' as const, text: extra },
      ];
      return new LiveGraph(buildModel((await parseSources(sources)).quads));
    };
    const before = queryCorpus(await graphOf(text));
    const previous = new Map(before.files.map((file) => [file.path, Buffer.from(file.contents)]));
    // The same sample with one label edited, to one with characters of more than one byte.
    const edited = text.replace('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale — Kaufvertrag</rdfs:label>');
    expect(edited).not.toBe(text);
    const after = await graphOf(edited);
    const contract = after.classes.find((record) => record.label?.startsWith('Contract of Sale'))?.iri as string;
    const whole = queryCorpus(after);
    const files = filesIn(previous);
    const patched = queryCorpus(after, { previous: before.memo, changed: new Set([contract]), files });
    // Only the labels file is made again (with the entry and the properties' file, always made); the rest are the previous build's.
    const corpusFile = (path: string) => path.replace(/-[0-9a-f]+\.json$/, '');
    expect(patched.files.map((file) => corpusFile(file.path))).toEqual(['_live/query.json', '_live/query/label', '_live/query/properties']);
    // Of the files kept, only the changed class's rows were read; the labels file was read whole, to splice.
    expect(files.wholeReads.map(corpusFile)).toEqual(['_live/query/label']);
    expect(files.stretchBytes).toBeLessThan(1000);
    const served = new Map([
      ...patched.files.map((file): [string, string] => [file.path, file.contents]),
      ...patched.kept.map((path): [string, string] => [path, String(previous.get(path))]),
    ]);
    expect(served).toEqual(new Map(whole.files.map((file) => [file.path, file.contents])));
    expect(patched.memo).toEqual(whole.memo);
    // A previous file that is not as the memo says: every row made again.
    const damaged = queryCorpus(after, {
      previous: before.memo,
      changed: new Set([contract]),
      files: filesIn(new Map([...previous].map(([path, bytes]) => [path, bytes.subarray(1)]))),
    });
    expect(damaged.files.map((file) => file.contents)).toEqual(whole.files.map((file) => file.contents));
    expect(damaged.kept).toEqual([]);
  });
});

/** A previous build's files in memory, counting what an update reads of them. */
function filesIn(files: ReadonlyMap<string, Uint8Array>): PreviousFiles & { wholeReads: string[]; stretchBytes: number } {
  const counted = {
    wholeReads: [] as string[],
    stretchBytes: 0,
    read: (path: string) => {
      counted.wholeReads.push(path);
      return files.get(path);
    },
    size: (path: string) => files.get(path)?.length,
    readAt: (path: string, position: number, length: number) => {
      counted.stretchBytes += length;
      const bytes = files.get(path);
      return bytes && position + length <= bytes.length ? bytes.subarray(position, position + length) : undefined;
    },
  };
  return counted;
}

describe.skipIf(!hasShared)('structured queries on the rooted FOLIO excerpt', () => {
  it("branch: the live service's names (AREA_OF_LAW, Area of Law), its client's (areas_of_law) and the URL segment alike", async () => {
    // Loaded in the test, not as the block is collected: without ../shared the block is skipped, but its body still
    // runs, and the load's rejection went unhandled (npm test then ended with status 1 though every test passed).
    const graph = new LiveGraph(buildModel((await loadOntology(ROOTED_EXCERPT)).quads));
    const answers = await Promise.all(
      ['AREA_OF_LAW', 'Area%20of%20Law', 'areas_of_law', 'area_of_law', 'aReA_oF_lAw'].map(async (name) =>
        iris(await ask(`/search/query?branch=${name}&limit=1000`, graph)),
      ),
    );
    expect(answers[0].length).toBeGreaterThan(20);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
