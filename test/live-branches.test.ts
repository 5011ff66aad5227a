// The taxonomy's branches for a vocabulary that is not FOLIO: its top-level classes, named from their labels; and
// a branch table given in static-api.config.json, checked by the options' schema; the live files handed over in batches.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../generator/config/options.ts';
import { OptionsError } from '../generator/errors.ts';
import { branchesOf } from '../generator/live/branches.ts';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLiveSearch } from '../generator/live/live-routes.ts';
import { branchCounts, branchWalk } from '../generator/live/taxonomy-views.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { BranchSetting, OntologyModel } from '../generator/model/ontology-model.ts';
import { emitLive } from '../generator/live/emit-live.ts';
import { sourceOf } from '../generator/live/health-view.ts';

const BASE = 'https://vocab.example/';

async function modelOf(labels: readonly string[], settings?: BranchSetting[]): Promise<OntologyModel> {
  const classes = labels.map((label, at) => `<${BASE}C${at}> a owl:Class ; rdfs:label ${JSON.stringify(label)} .`);
  // One class below the first: not a branch of its own; owl:Thing and another vocabulary's class, declared: none either.
  const text = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
${classes.join('\n')}
<${BASE}Below> a owl:Class ; rdfs:label "Below" ; rdfs:subClassOf <${BASE}C0> .
owl:Thing a owl:Class .
<http://xmlns.com/foaf/0.1/Agent> a owl:Class ; rdfs:label "Agent" .`;
  return buildModel((await parseSources([{ name: 'vocab.ttl', baseIRI: BASE, format: 'turtle', text }])).quads, { branches: settings });
}

async function graphOf(labels: readonly string[], settings?: BranchSetting[]): Promise<LiveGraph> {
  return new LiveGraph(await modelOf(labels, settings));
}

async function branches(labels: readonly string[]): Promise<string[]> {
  return branchesOf(await graphOf(labels)).map((branch) => branch.segment);
}

describe('branches of a vocabulary other than FOLIO', () => {
  it.each([
    ['words lower-cased, joined by "_", accents dropped', ['Legal Person', 'Área de Ley'], ['legal_person', 'area_de_ley']],
    ['a name the taxonomy or a format takes is numbered', ['Tree', 'Branches', 'XML'], ['tree_2', 'branches_2', 'xml_2']],
    ['two labels that read the same are numbered', ['Agent', 'agent!'], ['agent', 'agent_2']],
    ['a label without letters or digits is "branch"', ['—'], ['branch']],
    ['a long label is cut to 60 characters', ['word '.repeat(100)], [`${'word_'.repeat(12).slice(0, 59)}`]],
  ])('%s', async (_, labels, segments) => {
    expect(await branches(labels)).toEqual(segments);
  });
});

describe('a branch table given in static-api.config.json', () => {
  const TABLE: BranchSetting[] = [
    { name: 'people', root: 'C0', aliases: ['Persons'] },
    { name: 'things', root: `${BASE}C1`, segment: 'thing' },
  ];

  it("names, segments and roots (an id or an IRI) as given, in order, for /taxonomy/branches, the walks and a query's branch", async () => {
    const graph = await graphOf(['Person', 'Thing', 'Other'], TABLE);
    expect(branchesOf(graph)).toEqual([
      { name: 'people', segment: 'people', root: `${BASE}C0`, aliases: ['people', 'persons'] },
      { name: 'things', segment: 'thing', root: `${BASE}C1`, aliases: ['thing', 'things'] },
    ]);
    expect(branchCounts(graph)).toEqual({ people: 1, things: 0 });
    expect(branchWalk(graph, 'people', 1)?.classes.map((record) => record.label)).toEqual(['Below']);
    expect(branchWalk(graph, 'other', 1)).toBeUndefined();
    for (const name of ['people', 'PERSONS', 'People'])
      expect(await answerLiveSearch(graph, `/search/query?branch=${name}`)).toEqual({
        status: 200,
        body: { classes: [expect.objectContaining({ label: 'Below' })], properties: [] },
      });
  });

  it.each<[string, unknown, RegExp]>([
    ['not a list', { people: 'C0' }, /^option branches must be a list of branches/],
    ['an empty list', [], /^option branches must be a list of branches/],
    ['a branch without a root', [{ name: 'people' }], /branch 1 needs a "name" and a "root"/],
    ['an unknown key', [{ name: 'people', root: 'C0', label: 'People' }], /branch 1 has unknown keys label/],
    ['a segment that is no URL segment', [{ name: 'People & Co', root: 'C0' }], /branch 1's segment "People & Co" must be lower-case letters/],
    ["a segment of the site's own", [{ name: 'tree', root: 'C0' }], /branch 1's segment "tree" is a URL of the site's own/],
    [
      'two branches with one segment',
      [
        { name: 'a', root: 'C0' },
        { name: 'b', segment: 'a', root: 'C1' },
      ],
      /branch 2's segment "a" is another branch's too/,
    ],
    ['aliases that are not names', [{ name: 'a', root: 'C0', aliases: [''] }], /branch 1's aliases must be a list of names/],
  ])('refuses %s, naming the branch and the fix', (_, branches, message) => {
    const resolve = () => resolveOptions({ branches } as never, {});
    expect(resolve).toThrow(OptionsError);
    expect(resolve).toThrow(message);
  });
});

describe('the live files handed over as they are made', () => {
  it('are the files made at once, in batches, and none is kept back', async () => {
    const labels = Array.from({ length: 150 }, (_, at) => `Class ${at}`);
    const model = await modelOf(labels);
    const source = sourceOf(['vocab.ttl']);
    const whole = emitLive(model, source).files;
    const batches: number[] = [];
    const handed: string[] = [];
    const left = emitLive(model, source, undefined, (files) => {
      batches.push(files.length);
      handed.push(...files.map((file) => `${file.path}\n${file.contents}`));
    }).files;
    expect(left).toEqual([]);
    expect(handed).toEqual(whole.map((file) => `${file.path}\n${file.contents}`));
    // More than one batch, none larger than the hand-off's size.
    expect(batches.length).toBeGreaterThan(2);
    expect(Math.max(...batches)).toBeLessThanOrEqual(64);
  });
});
