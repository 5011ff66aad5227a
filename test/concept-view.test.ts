// What a concept page shows beyond the record: every path from the root, labelled relations with child counts and
// "all N" past fifty, the properties that name a class, a property's sub-properties, translations with their
// languages' names and directions, how to cite the term. Table-style, over a small original ontology.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel } from '../generator/generate-api.ts';
import { conceptArticle, conceptHead } from '../generator/site/concept-page.ts';
import { conceptView, MOST_LINKS } from '../generator/site/concept-view.ts';
import { siteModel } from '../generator/site/site-model.ts';
import { MOST_TRAILS } from '../generator/site/trails.ts';
import { layoutGraph } from '../generator/site/graph-layout.ts';
import { graphFigure, MOST_GRAPH_CHILDREN } from '../generator/site/neighbourhood-graph.ts';

const BASE = 'https://views.example/';
const many = Array.from(
  { length: MOST_LINKS + 7 },
  (_, at) => `v:Leaf${String(at).padStart(2, '0')} a owl:Class ; rdfs:label "leaf ${at}" ; rdfs:subClassOf v:Crowded .`,
);
// A diamond and more: Tort below Law twice over (through Civil and Private), and Negligence below Tort and Duty.
const TURTLE = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix v: <${BASE}> .
<${BASE}> a owl:Ontology ; dcterms:title "Views" ; owl:versionInfo "2.1" .
v:Law a owl:Class ; rdfs:label "Law" .
v:Civil a owl:Class ; rdfs:label "Civil" ; rdfs:subClassOf v:Law .
v:Private a owl:Class ; rdfs:label "Private" ; rdfs:subClassOf v:Law .
v:Tort a owl:Class ; rdfs:label "Tort" ; rdfs:subClassOf v:Civil , v:Private ; skos:altLabel "נזיקין"@he , "ضرر"@ar , "Delikt"@de .
v:Duty a owl:Class ; rdfs:label "Duty" .
v:Negligence a owl:Class ; rdfs:label "Negligence" ; rdfs:subClassOf v:Tort , v:Duty .
v:Crowded a owl:Class ; rdfs:label "Crowded" .
${many.join('\n')}
v:owes a owl:ObjectProperty ; rdfs:label "owes" ; rdfs:domain v:Tort ; rdfs:range v:Duty .
v:owesMuch a owl:ObjectProperty ; rdfs:label "owes much" ; rdfs:subPropertyOf v:owes .
`;

const scratch = mkdtempSync(join(tmpdir(), 'concept-view-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(join(scratch, 'views.ttl'), TURTLE);

describe('conceptView: the relations and context of a term', async () => {
  const site = siteModel(await loadModel({ ontology: join(scratch, 'views.ttl'), baseUrl: 'https://site.example/base/' }));
  const view = (id: string) => {
    const entity = site.model.entityById(id);
    if (!entity) throw new Error(`no entity ${id}`);
    return conceptView(entity, site);
  };
  const texts = (links: readonly { text: string }[]) => links.map(({ text }) => text);
  const section = (id: string, heading: string) => view(id).related.find((found) => found.heading === heading);

  it.each([
    ['Law', []],
    ['Civil', [['Law']]],
    [
      'Tort',
      [
        ['Law', 'Civil'],
        ['Law', 'Private'],
      ],
    ],
    ['Negligence', [['Duty'], ['Law', 'Civil', 'Tort'], ['Law', 'Private', 'Tort']]],
  ])('%s: every path from the root, shortest first, as labelled links', (id, trails) => {
    expect(view(id).trails.map(texts)).toEqual(trails);
    for (const trail of view(id).trails) for (const link of trail) expect(link.href).toMatch(/^\/base\/_site\/pages\/\w+\/$/);
  });

  it(`shows at most ${MOST_TRAILS} paths`, () => {
    expect(MOST_TRAILS).toBeGreaterThan(2);
  });

  it('lists children by label with their own counts, and past fifty the first fifty and a link to all of them in the tree', () => {
    expect(section('Law', 'Children')?.links).toEqual([
      { text: 'Civil', href: '/base/_site/pages/Civil/', count: 1 },
      { text: 'Private', href: '/base/_site/pages/Private/', count: 1 },
    ]);
    const crowded = section('Crowded', 'Children');
    expect(crowded?.links).toHaveLength(MOST_LINKS);
    expect(crowded?.links[0].text).toBe('leaf 0');
    expect(crowded?.more).toEqual({ count: MOST_LINKS + 7, href: '/base/_site/tree/?id=Crowded' });
  });

  it.each([
    ['Tort', 'Properties with this domain', ['owes']],
    ['Duty', 'Properties with this range', ['owes']],
    ['owes', 'Sub-properties', ['owes much']],
    ['owesMuch', 'Sub-property of', ['owes']],
  ])('%s: %s, as labelled links', (id, heading, labels) => {
    expect(texts(section(id, heading)?.links ?? [])).toEqual(labels);
  });

  it("names each translation's language and gives its script's direction", () => {
    expect(view('Tort').translations).toEqual([
      { tag: 'ar', language: 'Arabic', label: 'ضرر', dir: 'rtl' },
      { tag: 'de', language: 'German', label: 'Delikt', dir: 'ltr' },
      { tag: 'he', language: 'Hebrew', label: 'נזיקין', dir: 'rtl' },
    ]);
    expect(conceptArticle(view('Tort')).html).toContain('<td lang="he" dir="rtl">נזיקין</td>');
  });

  it('cites the term with the ontology title and version, and offers its IRI to copy', () => {
    expect(view('Tort').cite).toBe(`Tort. In: Views, version 2.1. ${BASE}Tort`);
    expect(conceptArticle(view('Tort')).html).toContain(`<button type="button" class="copy" data-copy="${BASE}Tort" hidden>Copy IRI</button>`);
  });

  it('writes each path as breadcrumbs ending in the term, named for screen readers', () => {
    const article = conceptArticle(view('Tort')).html;
    expect(article).toContain(
      '<nav class="trails" aria-label="Paths from the root" data-pagefind-ignore><ol><li><a href="/base/_site/pages/Law/">Law</a></li>',
    );
    expect(article.match(/<li aria-current="page">Tort<\/li>/g)).toHaveLength(2);
  });

  it('draws a class among its ancestors (every path), its first children and "+N more", each box a link but its own', () => {
    const graph = view('Negligence').graph;
    expect(graph?.boxes.map(({ text, kind }) => `${kind} ${text}`)).toEqual([
      'ancestor Duty',
      'ancestor Law',
      'ancestor Civil',
      'ancestor Tort',
      'ancestor Private',
      'self Negligence',
    ]);
    const number = (text: string) => graph?.boxes.findIndex((box) => box.text === text);
    expect(graph?.lines).toEqual(
      expect.arrayContaining([
        [number('Duty'), number('Negligence'), false],
        [number('Law'), number('Civil'), false],
        [number('Civil'), number('Tort'), false],
        [number('Private'), number('Tort'), false],
        [number('Tort'), number('Negligence'), false],
      ]),
    );
    const crowded = view('Crowded').graph;
    expect(crowded?.boxes.filter(({ kind }) => kind === 'child')).toHaveLength(MOST_GRAPH_CHILDREN);
    expect(crowded?.boxes.at(-1)).toEqual({ text: `+${MOST_LINKS + 7 - MOST_GRAPH_CHILDREN} more`, href: '/base/_site/tree/?id=Crowded', kind: 'more' });
    expect(view('owes').graph).toBeUndefined();
    expect(view('Duty').graph?.boxes.map(({ text }) => text)).toEqual(['Duty', 'Negligence']);
    // One path and nothing below: the breadcrumbs say it all.
    expect(view('Leaf00').graph).toBeUndefined();
    expect(view('Tort').graph?.boxes.map(({ text }) => text)).toEqual(['Law', 'Civil', 'Private', 'Tort', 'Negligence']);
  });

  it('draws the graph as SVG with its size given, boxes as links, its own box marked, long labels cut with the whole in a tooltip', () => {
    const graph = view('Negligence').graph;
    if (!graph) throw new Error('no graph');
    const figure = graphFigure(graph, 'Negligence').html;
    expect(figure).toMatch(
      /^<figure class="graph" data-pagefind-ignore><div class="scroll"><svg viewBox="0 0 \d+ \d+" width="\d+" height="\d+" aria-label="Negligence: its parents above, its children below">/,
    );
    expect(figure.match(/<a href="\/base\/_site\/pages\/\w+\/" class="ancestor">/g)).toHaveLength(5);
    expect(figure).toContain('<g class="self" aria-current="page"><rect');
    expect(figure.match(/<path d="M[\d. ]+(L[\d. ]+)+"><\/path>/g)?.length).toBe(graph.lines.length);
    const long = graphFigure(
      {
        boxes: [
          { text: 'A label much longer than any box could show', kind: 'self' },
          { text: 'B', kind: 'child', href: '/b' },
        ],
        lines: [[0, 1, false]],
      },
      'A',
    ).html;
    expect(long).toContain('<title>A label much longer than any box could show</title>');
    expect(long).toContain('>A label much longer…</text>');
  });

  it('lays each shape out once: the same shape, the same layout', () => {
    const shape = {
      boxes: 3,
      lines: [
        [0, 1],
        [1, 2],
      ] as const,
    };
    expect(layoutGraph(shape)).toBe(
      layoutGraph({
        boxes: 3,
        lines: [
          [0, 1],
          [1, 2],
        ],
      }),
    );
    expect(layoutGraph(shape).boxes[0].y).toBeLessThan(layoutGraph(shape).boxes[2].y);
  });

  it("offers a class's siblings under its first parent, read from the parent's tree file when opened", () => {
    expect(view('Civil').siblings).toEqual({ self: 'Civil', label: 'Law', file: '/base/_site/tree/Law.json', count: 1, treeHref: '/base/_site/tree/?id=Law' });
    expect(view('Law').siblings).toBeUndefined();
    expect(view('Negligence').siblings).toBeUndefined();
    expect(conceptArticle(view('Civil')).html).toContain(
      '<details class="siblings" data-file="/base/_site/tree/Law.json" data-self="Civil" data-pagefind-ignore><summary>1 sibling under Law</summary>',
    );
  });

  it('names its canonical URL, the seed URL /{id}/html, for search engines and shared links', () => {
    expect(view('Tort').canonical).toBe('https://site.example/base/Tort/html');
    expect(conceptHead(view('Tort')).html).toMatch(
      /^<link rel="canonical" href="https:\/\/site\.example\/base\/Tort\/html"><meta property="og:type" content="article"><meta property="og:title" content="Tort">/,
    );
  });
});
