import { describe, expect, it } from 'vitest';
import { rankEntities, searchLabels, type SearchEntity } from '../generator/search/client/search-client.js';
import type { BuiltNode, RankedLists } from '../generator/search/expand-nodes.ts';
import { decodeNodes, encodeNodes } from '../generator/search/node-codec.ts';
import { rerankLists } from '../generator/search/rerank-lists.ts';
import { RankTable } from '../generator/search/rank-table.ts';
import { expandNodes, holdersOf, type Suffix } from '../generator/search/expand-nodes.ts';
import { wordStarts } from '../generator/search/word-starts.ts';
import { searchSource } from '../generator/search/search-entities.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { loadOntology, parseSources } from '../generator/load/load-ontology.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { PackedJsonReader, packJson } from '../generator/search/packed-json.ts';
import { joinLabels, splitLabels } from '../generator/search/joined-labels.ts';
import { LabelRows } from '../generator/search/label-rows.ts';
import { KeptSearchEntity } from '../generator/search/kept-entity.ts';
import { buildSearchIndex, indexSearchSource } from '../generator/search/build-search-index.ts';
import { hasRestLists, restListLength, restLists, restListsMoved } from '../generator/search/shard-files.ts';
import { planIndexReuse } from '../generator/search/search-memo.ts';
import type { SearchLabel } from '../generator/search/expand-nodes.ts';

function entity(iri: string, label: string, kind: SearchEntity['kind'] = 'class', alternative_labels: string[] = []): SearchEntity {
  return { kind, iri, label, preferred_label: null, alternative_labels, definition: null, extra_labels: [] };
}

function ranked(entities: readonly SearchEntity[], members: readonly number[], query: string): RankedLists {
  const result = rankEntities(
    members.map((number) => entities[number]),
    query,
  );
  return { class: result.class.map((match) => entities.indexOf(match.entity)), property: result.property.map((match) => entities.indexOf(match.entity)) };
}

const BEFORE = [
  entity('https://x.example/A', 'Law firm'),
  entity('https://x.example/B', 'Lawyer'),
  entity('https://x.example/C', 'Civil law'),
  entity('https://x.example/D', 'Law', 'property'),
  entity('https://x.example/E', 'Lawsuit', 'class', ['Law case']),
  entity('https://x.example/F', 'Labour law'),
  entity('https://x.example/G', 'Lawn', 'property'),
];

describe('rerankLists: the previous lists with the changed members put in place equal ranking them all again', () => {
  const query = 'law';
  const members = (entities: readonly SearchEntity[]) =>
    entities.flatMap((candidate, number) =>
      rankEntities([candidate], query).class.length + rankEntities([candidate], query).property.length > 0 ? [number] : [],
    );
  const previous = ranked(BEFORE, members(BEFORE), query);
  it.each([
    ['a label made shorter (moves up)', 0, entity('https://x.example/A', 'Law')],
    ['a label made longer (moves down)', 1, entity('https://x.example/B', 'Lawyer of the firm')],
    ['a later word made the first', 2, entity('https://x.example/C', 'Law civ')],
    ['a property given a longer label', 3, entity('https://x.example/D', 'Lawful', 'property')],
    ['an alternative label that matches better', 5, entity('https://x.example/F', 'Labour law', 'class', ['Law'])],
  ])('%s', (_, number, edited) => {
    const after = BEFORE.map((candidate, at) => (at === number ? edited : candidate));
    const now = members(after);
    const source = { entities: after, labels: LabelRows.of(after.map((candidate) => searchLabels(candidate))), changed: new Set([number]) };
    const expected = ranked(after, now, query);
    expect(rerankLists(previous, now, query, source)).toEqual(expected);
    // The test is not vacuous: the edit moved something.
    expect(expected).not.toEqual(previous);
  });

  it('gives up when the previous lists miss an unchanged member', () => {
    const source = { entities: BEFORE, labels: LabelRows.of(BEFORE.map((candidate) => searchLabels(candidate))), changed: new Set<number>() };
    const incomplete = { class: previous.class.slice(1), property: previous.property };
    expect(rerankLists(incomplete, members(BEFORE), query, source)).toBeUndefined();
  });

  it('drops members gone from the previous lists (-1) and entities no longer members', () => {
    const after = BEFORE.map((candidate, at) => (at === 3 ? entity('https://x.example/D', 'Statute', 'property') : candidate));
    const now = members(after);
    const source = { entities: after, labels: LabelRows.of(after.map((candidate) => searchLabels(candidate))), changed: new Set([3]) };
    const withGone = { class: [-1, ...previous.class], property: previous.property };
    expect(rerankLists(withGone, now, query, source)).toEqual(ranked(after, now, query));
  });
});

describe('holdersOf: the entities an update walks for the prefixes it reaches, read off the previous nodes', () => {
  // Small leaves, so that "l" and "la" are ranked nodes, with leaves and chains under them.
  const labels = LabelRows.of(BEFORE.map((candidate) => searchLabels(candidate)));
  const { nodes } = expandNodes(
    BEFORE,
    labels,
    BEFORE.map(() => 100),
    150,
  );
  const holding = (prefixes: readonly string[]) =>
    BEFORE.flatMap((_, number) =>
      labels.at(number).some(({ normalized }) => prefixes.some((prefix) => wordStarts(normalized).some((at) => normalized.startsWith(prefix, at))))
        ? [number]
        : [],
    );
  it.each([[['l']], [['la']], [['law']], [['c']], [['ci', 'la']], [['lab']], [['s']], [['x']], [['la', 'lz']]])('%j', (prefixes) => {
    expect(holdersOf(prefixes, { nodes, changedNumbers: new Set() }, BEFORE.length)).toEqual(holding(prefixes));
  });
  it('adds the changed entities, and never an entity an edit took away (-1)', () => {
    const renumbered = nodes.map((built) => ('leaf' in built.node ? { ...built, node: { leaf: [-1, ...built.node.leaf] } } : built));
    expect(holdersOf(['ci'], { nodes: renumbered, changedNumbers: new Set([6]) }, BEFORE.length)).toEqual([...holding(['ci']), 6]);
  });
  it('is not vacuous: the nodes hold ranked ones, leaves and chains', () => {
    expect(nodes.some((built) => 'ranked' in built.node)).toBe(true);
    expect(nodes.some((built) => 'leaf' in built.node)).toBe(true);
    // "l" is answered by the chain down to "la".
    expect(nodes.some((built) => built.prefix === 'la' && built.from === 1)).toBe(true);
  });
});

describe("a node's rest lists read off its lists without cutting them: the same as restLists cuts", () => {
  const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, at) => from + at);
  const ranked = (classes: number, properties: number, inner?: [number, number]): BuiltNode => ({
    prefix: 'x',
    from: 1,
    node: {
      ranked: { class: numbers(classes), property: numbers(properties, 5000) },
      ...(inner ? { inner: { class: numbers(inner[0], 10_000), property: numbers(inner[1], 20_000) } } : {}),
    },
  });
  it.each([
    ['a leaf', { prefix: 'x', from: 1, node: { leaf: numbers(300) } } as BuiltNode],
    ['a ranked node within one page', ranked(50, 50)],
    ['one more class than a page', ranked(51, 0)],
    ['properties past the largest limit', ranked(3, 1200)],
    ['only its inner lists past a page', ranked(10, 10, [60, 0])],
    ['both, inner lists past the largest limit', ranked(700, 80, [1500, 51])],
  ])('%s', (_, built) => {
    const lists = restLists(built);
    const flat = lists ? [...lists.c, ...lists.p, ...(lists.i ? [...lists.i.c, ...lists.i.p] : [])] : [];
    expect(hasRestLists(built)).toBe(lists !== undefined);
    expect(restListLength(built)).toBe(flat.length);
    const moved = new Uint8Array(30_000);
    expect(restListsMoved(built, moved)).toBe(false);
    // Each number in a rest list, and one just before it (on the first page), moved in turn.
    for (const number of [...new Set([...flat.slice(0, 3), ...flat.slice(-3)])]) {
      moved.fill(0);
      moved[number] = 1;
      expect(restListsMoved(built, moved)).toBe(true);
    }
    moved.fill(0);
    if ('ranked' in built.node && built.node.ranked.class.length > 0) moved[built.node.ranked.class[0]] = 1;
    expect(restListsMoved(built, moved)).toBe(false);
  });
});

describe('node codec', () => {
  const nodes: BuiltNode[] = [
    { prefix: 'a', from: 1, node: { ranked: { class: [3, 1, 2], property: [7] } } },
    { prefix: 'ab', from: 2, node: { leaf: [1, 2] } },
    { prefix: 'acme', from: 2, node: { ranked: { class: [4, 5], property: [] }, inner: { class: [5, 4], property: [] } } },
    { prefix: 'b', from: 1, node: { leaf: [] } },
    { prefix: 'ü', from: 1, node: { leaf: [0] } },
  ];

  it('decodes what it encodes', () => {
    expect(decodeNodes(encodeNodes(nodes))).toEqual(nodes);
  });

  it('renumbers while decoding', () => {
    const decoded = decodeNodes(encodeNodes(nodes), (number) => (number === 5 ? -1 : number + 10));
    expect(decoded[2]).toEqual({ prefix: 'acme', from: 2, node: { ranked: { class: [14, -1], property: [] }, inner: { class: [-1, 14], property: [] } } });
    expect(decoded[0].node).toEqual({ ranked: { class: [13, 11, 12], property: [17] } });
  });
});

describe("RankTable orders a node's entities as the client does", () => {
  const entities = [
    ...BEFORE,
    entity('https://x.example/H', 'Law', 'class', ['Lawful']),
    entity('https://x.example/I', 'Law'),
    entity('https://x.example/J', '𠀀aw of the sea', 'class', ['Sea law']),
    entity('https://x.example/K', 'Laws', 'property', ['Law']),
    entity('https://x.example/L', 'Sea', 'class', ['𠀀aw']),
    entity('https://x.example/M', 'Case law'),
  ];
  const labels = entities.map((candidate) => searchLabels(candidate));
  const table = new RankTable(entities, LabelRows.of(labels));
  // Every word-start suffix starting with the query, as the trie hands a node its items.
  const itemsFor = (query: string): Suffix[] =>
    labels.flatMap((list, number) =>
      list.flatMap(({ normalized }, label) => {
        return wordStarts(normalized)
          .filter((offset) => normalized.startsWith(query, offset))
          .map((offset) => ({ source: normalized, offset, entity: number, label }));
      }),
    );
  it.each(['l', 'la', 'law', 'laws', 'lawf', 's', 'sea', 'c', '𠀀', '𠀀aw', 'of'])('%j', (query) => {
    const items = itemsFor(query);
    const members = [...new Set(items.map((item) => item.entity))];
    expect(members.length).toBeGreaterThan(0);
    expect(table.rank(items, query)).toEqual(ranked(entities, members, query));
  });
});

describe("a search entity's extra labels", () => {
  const NS =
    'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:skos="http://www.w3.org/2004/02/skos/core#"';
  const document = (body: string) => `<rdf:RDF ${NS}><owl:Ontology rdf:about="https://x.example/"/>${body}</rdf:RDF>`;
  it.each([
    ['none beyond the record', '<rdfs:label>Sale</rdfs:label><skos:altLabel>Selling</skos:altLabel>', []],
    [
      'earlier rdfs:label values (the record keeps the last), each once, in triple order',
      '<rdfs:label>B</rdfs:label><rdfs:label>A</rdfs:label><rdfs:label>B</rdfs:label><rdfs:label>C</rdfs:label>',
      ['B', 'A'],
    ],
    [
      'a second prefLabel, not one already an alternative label',
      '<skos:prefLabel>P1</skos:prefLabel><skos:altLabel>P1</skos:altLabel><skos:prefLabel>P2</skos:prefLabel><skos:prefLabel>P3</skos:prefLabel><rdfs:label>L</rdfs:label>',
      ['P2'],
    ],
    [
      "not a restriction's label, nor a label that is an IRI",
      '<rdfs:label>Own</rdfs:label><rdfs:label rdf:resource="https://x.example/Iri"/><rdfs:subClassOf><owl:Restriction><rdfs:label>Inner</rdfs:label></owl:Restriction></rdfs:subClassOf><rdfs:label>Last</rdfs:label>',
      ['Own'],
    ],
  ])('%s', async (_, body, extra) => {
    const text = document(`<owl:Class rdf:about="https://x.example/K">${body}</owl:Class>`);
    const model = buildModel((await parseSources([{ name: 'k.owl', baseIRI: 'https://x.example/', format: 'rdfxml', text }])).quads);
    expect(searchSource(model).entities.find((entity) => entity.iri === 'https://x.example/K')?.extra_labels).toEqual(extra);
  });
});

describe("the packed JSON an update keeps: each entity's text, made or read from the previous build", () => {
  const previousTexts = ['["a"]', '["é"]', '["税务"]', '["𠀀"]', '[]'];
  const previous = packJson(
    previousTexts,
    previousTexts.map(() => undefined),
  );
  it.each([
    ['every text made afresh', ['x', 'ü', 'y'], [undefined, undefined, undefined]],
    ['every entity kept, in order', [undefined, undefined, undefined, undefined, undefined], [0, 1, 2, 3, 4]],
    ['kept entities reordered, one gone', [undefined, undefined, undefined, undefined], [3, 0, 1, 4]],
    ['made and kept mixed, runs broken by a made one', [undefined, '["new ü"]', undefined, undefined, 'z'], [0, undefined, 1, 2, undefined]],
    ['a kept entity a file showed (its text read)', ['["é"]', undefined], [1, 2]],
  ])('%s', (_, texts: (string | undefined)[], numbers: (number | undefined)[]) => {
    const reader = new PackedJsonReader(packJson(texts, numbers, new PackedJsonReader(previous)));
    const expected = texts.map((text, at) => text ?? previousTexts[numbers[at] as number]);
    expect(expected.map((_, at) => reader.text(at))).toEqual(expected);
  });
});

describe('search labels as the memo keeps them, with the primary label marked', () => {
  const label = (normalized: string, primary = false): SearchLabel => ({ original: normalized, normalized, primary });
  it.each([
    ['none', []],
    ['one primary', [label('sale', true)]],
    ['no primary label (no rdfs:label)', [label('selling'), label('vente')]],
    ['an empty label', [label('')]],
    ['empty labels around others', [label('', true), label('x'), label('')]],
  ])('%s', (_, labels: SearchLabel[]) => {
    const { normalized, primary } = splitLabels(joinLabels(labels));
    expect(normalized).toEqual(labels.map((one) => one.normalized));
    expect(labels.length === 0 ? false : primary).toBe(labels[0]?.primary ?? false);
  });
});

describe('an entity an update did not reach searches as a fresh one', () => {
  it('has the same fields and labels, read from the model and the memo', async () => {
    const model = buildModel((await loadOntology(SAMPLE_ONTOLOGY)).quads);
    const fresh = searchSource(model);
    const memo = buildSearchIndex(model).memo;
    const kept = searchSource(model, { memo, redo: new Set() });
    expect(kept.entities.every((entity) => entity instanceof KeptSearchEntity)).toBe(true);
    const plain = (entity: SearchEntity) => ({
      kind: entity.kind,
      iri: entity.iri,
      label: entity.label,
      preferred_label: entity.preferred_label,
      alternative_labels: entity.alternative_labels,
      definition: entity.definition,
      extra_labels: entity.extra_labels,
    });
    expect(kept.entities.map(plain)).toEqual(fresh.entities.map(plain));
    const labels = (rows: LabelRows) => rows.all().map((list) => list.map(({ original, normalized, primary }) => ({ original, normalized, primary })));
    expect(labels(kept.labels)).toEqual(labels(fresh.labels));
  });
});

describe('planIndexReuse', () => {
  // Small leaves, so the entities are listed by many nodes down to their labels' longer prefixes.
  const budgets = { fileGzip: 4000, leafRaw: 40, fileRaw: 6000 };
  const source = (entities: SearchEntity[]) => ({
    entities,
    labels: LabelRows.of(entities.map((one) => searchLabels(one))),
    baseIri: 'https://x.example/',
    definitions: entities.map(() => ''),
  });
  // Enough others that one changed entity stays under the share past which the whole index is built again.
  const LAWSUIT = 'https://x.example/E';
  const before = [
    ...BEFORE.map((one) => (one.iri === LAWSUIT ? { ...one, definition: 'y' } : one)),
    ...Array.from({ length: 30 }, (_, at) => entity(`https://x.example/other/${at}`, `Court rule ${at}`)),
  ];
  const previous = indexSearchSource(source(before), budgets).memo;
  const nodes = decodeNodes(previous.nodes);
  const plan = (iri: string, edit: (one: SearchEntity) => SearchEntity) => {
    const after = before.map((one) => (one.iri === iri ? edit(one) : one));
    const now = indexSearchSource(source(after), budgets).memo;
    const reuse = planIndexReuse(previous, previous.baseIri, previous.budgets, after, {
      hashes: now.hashes,
      sizes: [...now.sizes],
      leafBudget: budgets.leafRaw,
    });
    if (!reuse) throw new Error('expected an update');
    return reuse;
  };
  const listed = (built: BuiltNode, number: number) =>
    ('leaf' in built.node
      ? [built.node.leaf]
      : [built.node.ranked, ...(built.node.inner ? [built.node.inner] : [])].flatMap((lists) => [lists.class, lists.property])
    ).some((list) => list.includes(number));

  it('reaches every node that listed a relabelled entity, and the prefixes of its new label, but no other word', () => {
    const reuse = plan('https://x.example/B', (one) => entity(one.iri, 'Barrister'));
    const listing = nodes.filter((built) => listed(built, previous.iris.indexOf('https://x.example/B'))).map((built) => built.prefix);
    expect(listing.length).toBeGreaterThan(1);
    expect(listing.filter((prefix) => !reuse.reaches(prefix))).toEqual([]);
    expect(['b', 'ba', 'barrister'].filter((prefix) => !reuse.reaches(prefix))).toEqual([]);
    expect(reuse.changed).toEqual(new Set(['https://x.example/B']));
    expect(nodes.some((built) => built.prefix.startsWith('c'))).toBe(true);
    expect(nodes.filter((built) => built.prefix.startsWith('c') && reuse.reaches(built.prefix)).map((built) => built.prefix)).toEqual([]);
  });

  it.each([
    // Same length, so the entity's size and every leaf stay as they were.
    ['a definition edited', (one: SearchEntity) => ({ ...one, definition: 'x' }), [], ['l', 'law', 'laws', 'law c']],
    ['an alternative label changed', (one: SearchEntity) => ({ ...one, alternative_labels: ['Law claim'] }), ['l', 'law', 'law c'], ['laws']],
    ['its kind changed', (one: SearchEntity) => ({ ...one, kind: 'property' as const }), ['l', 'law', 'laws', 'law c'], []],
  ])('%s: ranks again the prefixes of what changed, and only shows the others', (_, edit, ranked, shownOnly) => {
    const reuse = plan(LAWSUIT, edit);
    expect(ranked.filter((prefix) => !reuse.reaches(prefix))).toEqual([]);
    expect(shownOnly.filter((prefix) => reuse.reaches(prefix) || !reuse.shows(prefix))).toEqual([]);
  });
});

describe("a chain's inner lists (the shorter queries a node answers)", () => {
  it("are kept only where they rank differently from the node's own prefix", () => {
    // Two chains: under "xylo" both labels rank the same for "x" and "xylo"; under "qua" the alternative label
    // "Qua" matches "qua" exactly and comes first, but for "q" a primary label that starts with it wins.
    const entities = [
      entity('https://x.example/A', 'Xylophone'),
      entity('https://x.example/B', 'Xylography'),
      entity('https://x.example/C', 'Quark'),
      entity('https://x.example/E', 'Zebra', 'class', ['Qua']),
    ];
    const labels = entities.map((candidate) => searchLabels(candidate));
    const sizes = entities.map(() => 1);
    const { nodes } = expandNodes(entities, LabelRows.of(labels), sizes, 0);
    const chains = nodes.filter((built) => built.from < [...built.prefix].length && 'ranked' in built.node);
    const withInner = chains.filter((built) => 'inner' in built.node && built.node.inner !== undefined);
    // Both kinds occur: a chain whose shorter queries rank alike (no inner lists), and one where they do not.
    expect(chains.length).toBeGreaterThan(withInner.length);
    expect(withInner.length).toBeGreaterThan(0);
    for (const built of withInner) {
      if (!('ranked' in built.node) || !built.node.inner) continue;
      expect(built.node.inner).not.toEqual(built.node.ranked);
    }
  });
});
