import { describe, expect, it } from 'vitest';
import { parseSources } from '../generator/load/load-ontology.ts';
import { liveMemo, liveUpdate } from '../generator/live/live-update.ts';
import { buildModel } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';

const BASE = 'https://reach.example/';

// R ⊃ P ⊃ {E, S}; E ⊃ Ec ⊃ Ecc; S ⊃ Sc; N names E as see-also, and Nc lies below N.
const CLASSES: Record<string, { label: string; parents: string[]; seeAlso?: string[] }> = {
  R: { label: 'Root', parents: [] },
  P: { label: 'Parent', parents: ['R'] },
  E: { label: 'Edited', parents: ['P'] },
  S: { label: 'Sibling', parents: ['P'] },
  Ec: { label: 'Edited child', parents: ['E'] },
  Ecc: { label: 'Edited grandchild', parents: ['Ec'] },
  Sc: { label: 'Sibling child', parents: ['S'] },
  N: { label: 'Namer', parents: ['R'], seeAlso: ['E'] },
  Nc: { label: 'Namer child', parents: ['N'] },
};

type Classes = typeof CLASSES;

async function modelOf(classes: Classes): Promise<OntologyModel> {
  const lines = Object.entries(classes).map(([id, { label, parents, seeAlso = [] }]) => {
    const statements = [
      `<${BASE}${id}> a owl:Class ; rdfs:label "${label}"`,
      ...parents.map((parent) => `rdfs:subClassOf <${BASE}${parent}>`),
      ...seeAlso.map((target) => `rdfs:seeAlso <${BASE}${target}>`),
    ];
    return `${statements.join(' ; ')} .`;
  });
  const text = `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${lines.join('\n')}\n`;
  const { quads } = await parseSources([{ name: 'reach.ttl', baseIRI: BASE, format: 'turtle', text }]);
  return buildModel(quads, { baseIri: BASE });
}

function edited(change: (classes: Classes) => void): Classes {
  const copy = structuredClone(CLASSES);
  change(copy);
  return copy;
}

// The ids an update emits again for each edit (the plan's rule: the subject, and for a label or parent change
// its parents and children, old and new), and the per-entity live files it must remake at least, and must not.
const CASES: [string, Classes, string[], string[], string[]][] = [
  [
    'a label: its own, its parent, child and namer, and the graphs below it and its namer',
    edited((c) => (c.E.label = 'Edited anew')),
    ['E', 'P', 'Ec'],
    ['E', 'P', 'Ec', 'Ecc', 'N', 'Nc'],
    ['Sc'],
  ],
  ['a parent changed: the graphs below it', edited((c) => (c.E.parents = ['R'])), ['E', 'P', 'R', 'Ec'], ['E', 'Ec', 'Ecc', 'N', 'Nc'], ['Sc']],
  ['a see-also added: the graphs below it', edited((c) => (c.S.seeAlso = ['N'])), ['S'], ['S', 'Sc'], ['Ec', 'Ecc', 'Nc']],
  ['a label high up: every graph below it', edited((c) => (c.P.label = 'Parent anew')), ['P', 'R', 'E', 'S'], ['E', 'S', 'Ec', 'Ecc', 'Sc', 'Nc'], []],
];

describe('which live files an update remakes', () => {
  it.each(CASES)('%s', async (_, after, emitted, reached, notReached) => {
    const before = await modelOf(CLASSES);
    const model = await modelOf(after);
    const reach = liveUpdate(model, new Set(emitted), [], liveMemo(before), () => () => undefined, undefined);
    const remade = [...(reach.remade ?? [])];
    expect(remade).toEqual(expect.arrayContaining(reached));
    // A label edit remakes its parent's records, but no graph below the parent shows anything new.
    for (const id of notReached) expect(remade).not.toContain(id);
    // The kept facts patched by the update are those a whole build keeps.
    expect(reach.memo.facts).toEqual(liveMemo(model).facts);
  });
});
