import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conceptView } from '../generator/site/concept-view.ts';
import { siteModel } from '../generator/site/site-model.ts';
import { generateApi } from '../generator/generate-api.ts';
import { countKinds } from '../generator/model/count-types.ts';
import { emitTree } from '../generator/site/tree.ts';
import { TREE_ROOT_FILE } from '../generator/route/router.ts';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { memoryFetch } from './support/memory-fetch.ts';
import { folderHashes } from './support/folder-state.ts';
import { runBuild } from './support/run-cli.ts';
import { REPO_ROOT } from './support/shared-data.ts';

// An original fixture: one term of each kind besides owl:Class and owl:ObjectProperty, and a small thesaurus.
const KINDS = join(REPO_ROOT, 'test/fixtures/kinds.ttl');
const T = 'https://kinds.example/terms/';
const build = await generateApi({ ontology: KINDS, baseUrl: 'https://kinds.example/' });
const files = new Map(build.files.map((file) => [file.path, file.contents]));
const record = (id: string) => JSON.parse(files.get(id) ?? 'null') as Record<string, unknown>;
const site = siteModel(build);
const view = (id: string) => {
  const entity = site.model.entityById(id);
  if (!entity) throw new Error(`no entity ${id}`);
  return conceptView(entity, site);
};

describe('every kind of term is published with its documented record', () => {
  it('counts each kind in the summary line, classes and object properties first', () => {
    expect(countKinds(build.model)).toBe(
      '2 classes, 0 object properties, 1 datatype properties, 1 annotation properties, 1 properties (rdf:Property), 4 concepts',
    );
  });

  it.each([
    // id, page kind, search list, record fields
    [
      'Court',
      'Class',
      'classes',
      { label: 'Court', translations: { de: 'Gericht' }, parent_class_of: [`${T}AppealsCourt`], comment: 'A body that decides disputes.' },
    ],
    ['AppealsCourt', 'Class', 'classes', { label: 'Appeals court', sub_class_of: [`${T}Court`] }],
    [
      'seatCount',
      'Datatype property',
      'properties',
      { label: 'seat count', domain: [`${T}Court`], range: ['http://www.w3.org/2001/XMLSchema#integer'], definition: 'How many judges sit on the court.' },
    ],
    ['reviewedBy', 'Annotation property', 'properties', { label: 'reviewed by', domain: [], range: [] }],
    // schema.org's domainIncludes and rangeIncludes are the domain and range.
    ['jurisdiction', 'Property', 'properties', { label: 'jurisdiction', domain: [`${T}Court`], range: [`${T}Place`] }],
    [
      'Law',
      'Concept',
      'classes',
      {
        label: 'Law',
        preferred_label: 'Law',
        translations: { fr: 'Droit', de: 'Recht' },
        sub_class_of: [],
        parent_class_of: [`${T}CivilLaw`, `${T}Torts`],
        in_scheme: `${T}Topics`,
      },
    ],
    [
      'CivilLaw',
      'Concept',
      'classes',
      {
        label: 'Civil law',
        translations: { fr: 'Droit civil' },
        alternative_labels: ['Private law', 'Zivilrecht'],
        sub_class_of: [`${T}Law`],
        parent_class_of: [`${T}Contracts`, `${T}Torts`],
        see_also: [`${T}Contracts`],
        notes: ['Not criminal matters.'],
        identifier: 'L.1',
        definition: 'Law between private persons.',
      },
    ],
    [
      'Contracts',
      'Concept',
      'classes',
      { label: 'Contracts', hidden_label: 'Contract law', alternative_labels: ['Contract law'], sub_class_of: [`${T}CivilLaw`], parent_class_of: [] },
    ],
    ['Torts', 'Concept', 'classes', { sub_class_of: [`${T}CivilLaw`, `${T}Law`] }],
  ] as const)('%s: a %s, found among %s', async (id, kind, list, fields) => {
    const published = record(id);
    expect(published).toMatchObject({ iri: `${T}${id}`, ...fields });
    const shape = list === 'classes' ? 'sub_class_of' : 'sub_property_of';
    expect(Object.keys(published)).toContain(shape);
    expect(view(id).kind).toBe(kind);
    const client = createSearchClient({ indexUrl: 'https://kinds.example/search/', fetch: memoryFetch(build.files, 'https://kinds.example').fetch });
    const found = await client.searchPrefix(String(published.label ?? id).split(' ')[0], { limit: 20 });
    expect(found[list].map((hit) => hit.iri)).toContain(`${T}${id}`);
  });

  it("heads a concept's parents and children Broader and Narrower, in Markdown and on its page", () => {
    expect(files.get(`_api/CivilLaw.md`)).toContain(
      '## Broader\n\n- https://kinds.example/terms/Law\n\n## Narrower\n\n- https://kinds.example/terms/Contracts\n- https://kinds.example/terms/Torts\n\n',
    );
    expect(files.get(`_api/Court.md`)).toContain('## Parent Class Of\n\n- https://kinds.example/terms/AppealsCourt\n\n');
    expect(view('CivilLaw').related.map(({ heading }) => heading)).toEqual(['Broader', 'Narrower', 'See also']);
  });

  it('puts the top concepts and classes at the root of the tree, the rest below their parents', () => {
    const tree = new Map(emitTree(build.model).map((file) => [file.path, JSON.parse(file.contents) as [string, string, number][]]));
    expect(tree.get(TREE_ROOT_FILE)).toEqual([
      ['Court', 'Court', 1],
      ['Law', 'Law', 2],
    ]);
    expect(tree.get(TREE_ROOT_FILE.replace('_top', 'Law'))).toEqual([
      ['CivilLaw', 'Civil law', 2],
      ['Torts', 'Torts', 0],
    ]);
  });
});

describe('an update after a thesaurus edit', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'kinds-update-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // RDF/XML, whose top-level elements are the blocks an update compares; forty more concepts, so one changed
  // block is an update in place rather than a full rebuild.
  const concept = (name: string, inner: string) =>
    `<skos:Concept rdf:about="${T}${name}"><skos:prefLabel xml:lang="en">${name}</skos:prefLabel>${inner}</skos:Concept>`;
  const text = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:skos="http://www.w3.org/2004/02/skos/core#">
${concept('Law', `<skos:narrower rdf:resource="${T}CivilLaw"/>`)}
${concept('CivilLaw', '')}
${concept('Contracts', `<skos:broader rdf:resource="${T}CivilLaw"/>`)}
${concept('Torts', `<skos:broader rdf:resource="${T}CivilLaw"/><skos:broader rdf:resource="${T}Law"/>`)}
${Array.from({ length: 40 }, (_, at) => concept(`Filler${at}`, `<skos:broader rdf:resource="${T}Contracts"/>`)).join('\n')}
</rdf:RDF>
`;
  const built = async (name: string, ontology: string) => {
    const path = join(scratch, 'thesaurus.owl');
    writeFileSync(path, ontology);
    const result = await runBuild(['--api-only', '--ontology', path, '--out', join(scratch, name)]);
    expect(result.code, result.stderr).toBe(0);
    return result.stderr;
  };
  // changes.json aside: a first build has no previous one to compare with.
  const contents = (name: string) => [...folderHashes(join(scratch, name))].filter(([path]) => path !== 'changes.json');

  it.each([
    // Stated on the parent, the child's parents change too; stated on the child, the parent's children.
    ['a skos:narrower removed', `<skos:narrower rdf:resource="${T}CivilLaw"/>`, ''],
    [
      'a skos:broader moved',
      `<skos:broader rdf:resource="${T}CivilLaw"/><skos:broader rdf:resource="${T}Law"/>`,
      `<skos:broader rdf:resource="${T}Contracts"/>`,
    ],
  ])('%s gives the same files as a full build', async (_, from, to) => {
    await built('updated', text);
    expect(text).toContain(from);
    const edited = text.replace(from, to);
    expect(await built('updated', edited)).toMatch(/^emit: \d+ files \(\d+ entities reached by \d+ changed block\(s\); the rest kept\)$/m);
    await built('full', edited);
    expect(contents('updated')).toEqual(contents('full'));
    rmSync(join(scratch, 'full'), { recursive: true, force: true });
    rmSync(join(scratch, 'updated'), { recursive: true, force: true });
  });
});

describe('a --base-iri none of the terms is under', () => {
  it('is refused with the namespace that holds them', async () => {
    const result = await runBuild([
      '--api-only',
      '--ontology',
      KINDS,
      '--base-iri',
      'https://kinds.example/other/',
      '--out',
      join(tmpdir(), `kinds-wrong-${process.pid}`),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toBe(
      `error: no owl:Class, rdfs:Class, skos:Concept, owl:ObjectProperty, owl:DatatypeProperty, owl:AnnotationProperty or rdf:Property under https://kinds.example/other/ — its terms are under ${T}: pass --base-iri ${T}, or leave it out`,
    );
  });
});
