// The taxonomy's branches for a vocabulary that is not FOLIO: its top-level classes, named from their labels.
import { describe, expect, it } from 'vitest';
import { branchesOf } from '../generator/live/branches.ts';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';

const BASE = 'https://vocab.example/';

async function branches(labels: readonly string[]): Promise<string[]> {
  const classes = labels.map((label, at) => `<${BASE}C${at}> a owl:Class ; rdfs:label ${JSON.stringify(label)} .`);
  // One class below the first: not a branch of its own; owl:Thing and another vocabulary's class, declared: none either.
  const text = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
${classes.join('\n')}
<${BASE}Below> a owl:Class ; rdfs:label "Below" ; rdfs:subClassOf <${BASE}C0> .
owl:Thing a owl:Class .
<http://xmlns.com/foaf/0.1/Agent> a owl:Class ; rdfs:label "Agent" .`;
  const model = buildModel((await parseSources([{ name: 'vocab.ttl', baseIRI: BASE, format: 'turtle', text }])).quads);
  return branchesOf(new LiveGraph(model)).map((branch) => branch.segment);
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
