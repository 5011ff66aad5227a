// What an update emits again after an edit: the subjects of the changed triples, the parents and children they
// name, and the terms whose child lists or parents a changed type or label reaches though the changed block
// names none of them (the update-equality chains found both cases below left stale).
import { Parser, type Quad } from 'n3';
import { describe, expect, it } from 'vitest';
import { affectedIris } from '../generator/changes/affected.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { TREE_FOLDER } from '../generator/route/router.ts';
import { treeFilePath, treeUpdate } from '../generator/site/tree.ts';

const EX = 'https://reach.example/';
const PREFIXES = `@prefix ex: <${EX}> . @prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n`;
const quads = (turtle: string): Quad[] => new Parser().parse(PREFIXES + turtle);
const local = (iris: Iterable<string>) => [...iris].map((iri) => iri.slice(EX.length)).sort();

describe('the terms an edit reaches', () => {
  // `ontology` is the ontology after the edit; `changed`, the triples the edit added or removed.
  const cases = [
    {
      name: 'a triple names its subject',
      ontology: 'ex:P a owl:Class ; rdfs:label "P" . ex:S a owl:Class ; rdfs:subClassOf ex:P ; rdfs:label "S" ; skos:definition "D" .',
      changed: 'ex:S skos:definition "D" .',
      reaches: ['S'],
    },
    {
      name: 'a parent named, and its child lists',
      ontology: 'ex:P a owl:Class ; rdfs:label "P" . ex:S a owl:Class ; rdfs:subClassOf ex:P ; rdfs:label "S" .',
      changed: 'ex:S rdfs:subClassOf ex:P .',
      reaches: ['P', 'S'],
    },
    {
      name: 'a label stated apart from the parent: the class joins the child list of a parent named elsewhere',
      ontology: 'ex:P a owl:Class ; rdfs:label "P" . ex:S a owl:Class ; rdfs:subClassOf ex:P . ex:S rdfs:label "S" .',
      changed: 'ex:S rdfs:label "S" .',
      reaches: ['P', 'S'],
    },
    {
      name: 'a label removed: the class leaves the child list of a parent named elsewhere',
      ontology: 'ex:P a owl:Class ; rdfs:label "P" . ex:S a owl:Class ; rdfs:subClassOf ex:P .',
      changed: 'ex:S rdfs:label "S" .',
      reaches: ['P', 'S'],
    },
    {
      name: 'a declaration removed (or moved, which reorders the children): the parent named elsewhere',
      ontology: 'ex:P a owl:Class ; rdfs:label "P" . ex:S rdfs:subClassOf ex:P ; rdfs:label "S" .',
      changed: 'ex:S a owl:Class .',
      reaches: ['P', 'S'],
    },
    {
      name: "a concept's preferred label: the concept that lists it as narrower",
      ontology: 'ex:B a skos:Concept ; skos:prefLabel "B"@en ; skos:narrower ex:C . ex:C a skos:Concept ; skos:prefLabel "C"@en .',
      changed: 'ex:C skos:prefLabel "C"@en .',
      reaches: ['B', 'C'],
    },
    {
      name: "a concept's type: the concepts it lists as narrower, whose broader ones it was",
      ontology: 'ex:B skos:prefLabel "B"@en ; skos:narrower ex:C . ex:C a skos:Concept ; skos:prefLabel "C"@en .',
      changed: 'ex:B a skos:Concept .',
      reaches: ['B', 'C'],
    },
  ];
  for (const { name, ontology, changed, reaches } of cases) {
    it(name, () => {
      const model = buildModel(quads(ontology), { baseIri: EX });
      expect(local(affectedIris(quads(changed), model.linked) ?? [])).toEqual(reaches);
    });
  }
});

describe('the tree files an update emits again', () => {
  it("a class's parent that lists it by skos:narrower, though the class names no parent (its child count shows there)", () => {
    const model = buildModel(
      quads(`ex:B a skos:Concept ; skos:prefLabel "B"@en ; skos:narrower ex:C .
        ex:C a skos:Concept , owl:Class ; rdfs:label "C" .
        ex:D a skos:Concept ; skos:prefLabel "D"@en ; skos:broader ex:C .`),
      { baseIri: EX },
    );
    const { only } = treeUpdate(model, new Set(['C']), []);
    expect([...only].sort()).toEqual(['B', 'C']);
  });

  it('drops the files of the reached and removed entities that list no child class now, and no other', () => {
    // A lists B; B's one child is a class the build does not publish (no tree file); C, not reached, lists D; E was removed.
    const model = buildModel(
      quads(`ex:A a owl:Class ; rdfs:label "A" .
        ex:B a owl:Class ; rdfs:label "B" ; rdfs:subClassOf ex:A .
        <http://elsewhere.example/X> a owl:Class ; rdfs:label "X" ; rdfs:subClassOf ex:B .
        ex:C a owl:Class ; rdfs:label "C" .
        ex:D a owl:Class ; rdfs:label "D" ; rdfs:subClassOf ex:C .`),
      { baseIri: EX },
    );
    const { only, kept } = treeUpdate(model, new Set(['B']), ['E']);
    expect([...only].sort()).toEqual(['A', 'B']);
    expect(kept.folders).toEqual([`${TREE_FOLDER}/`]);
    expect([...kept.except].sort()).toEqual([treeFilePath('B'), treeFilePath('E')]);
  });
});
