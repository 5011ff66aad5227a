import { describe, expect, it } from 'vitest';
import { resolveOptions, DEFAULT_OPTIONS } from '../generator/config/options.ts';
import { emitJson } from '../generator/emit/json.ts';
import { splitIri } from '../generator/emit/namespaces.ts';
import { positionFromMessage } from '../generator/load/position.ts';
import { Router, bundleOf } from '../generator/route/router.ts';
import { findBaseIri, type Entity } from '../generator/model/entities.ts';
import { chooseLabel } from '../generator/model/labels.ts';
import { checkIds } from '../generator/model/check-ids.ts';
import { DataFactory } from 'n3';
import type { TypeStatement } from '../generator/model/triple-index.ts';
import { NS } from '../generator/model/vocabulary.ts';

describe('Router', () => {
  it.each([
    ['https://api.example.org/', 'R1', 'json', 'R1', '/R1'],
    ['https://api.example.org/', 'R1', 'jsonld', '_api/R1.jsonld', '/R1/jsonld'],
    ['https://api.example.org', 'R1', 'xml', '_api/R1.xml', '/R1/xml'],
    ['https://example.github.io/folio-api/', 'R1', 'markdown', '_api/R1.md', '/folio-api/R1/markdown'],
    ['https://example.github.io/folio-api', 'R1', 'json', 'R1', '/folio-api/R1'],
    // A percent escape: the file is named by the decoded id, since hosts decode a URL before they look its file up.
    ['https://api.example.org/', 'defaultLink%2A', 'jsonld', '_api/defaultLink*.jsonld', '/defaultLink%2A/jsonld'],
    ['https://api.example.org/', 'price%20range', 'json', 'price range', '/price%20range'],
  ] as const)('%s %s %s → file %s, URL %s', (baseUrl, id, format, file, url) => {
    const router = new Router(baseUrl);
    expect(router.filePath(id, format)).toBe(file);
    expect(router.urlPath(id, format)).toBe(url);
    expect(router.resolve(url)).toEqual({ id, format });
    expect(router.fileEntity(file)).toEqual({ id, format });
    expect(router.formatFileId(file)).toBe(id);
    expect(router.isFormatFile(file)).toBe(true);
  });

  it.each([
    ['_site/pages/R1/index.html', { id: 'R1', format: 'html' }, undefined],
    ['_site/pages/price range/index.html', { id: 'price%20range', format: 'html' }, undefined],
    ['_api/defaultLink*.ttl', { id: 'defaultLink%2A', format: 'ttl' }, 'defaultLink%2A'],
    ['*star', { id: '%2Astar', format: 'json' }, '%2Astar'],
    ['html/R1/index.html', undefined, undefined],
    ['_api/R1.x.md', { id: 'R1.x', format: 'markdown' }, 'R1.x'],
    ['_api/R1.html', undefined, undefined],
    ['_api/R1', undefined, undefined],
    // An id with a "/": its formats below the folder of the first segment, its record among them as `.json`.
    ['_api/a/R1.xml', { id: 'a/R1', format: 'xml' }, 'a/R1'],
    ['_api/a/R1.json', { id: 'a/R1', format: 'json' }, 'a/R1'],
    ['_api/a/b/R1.md', { id: 'a/b/R1', format: 'markdown' }, 'a/b/R1'],
    // A site's own name after a "/" is an id's, as checkIds publishes it.
    ['_api/a/_top.json', { id: 'a/_top', format: 'json' }, 'a/_top'],
    ['_site/pages/a/R1/index.html', { id: 'a/R1', format: 'html' }, undefined],
    ['_api/R1.json', undefined, undefined],
    ['_api/a/b/c/R1.json', undefined, undefined],
    ['_api/a/xml.json', undefined, undefined],
    ['_api/search/R1.json', undefined, undefined],
    ['_api/a.b/R1.json', undefined, undefined],
    ['a/R1', undefined, undefined],
    ['_headers', undefined, undefined],
    ['.nojekyll', undefined, undefined],
    ['404.html', undefined, undefined],
    ['search/s/61.json', undefined, undefined],
    ['_site/tree/R1.json', undefined, undefined],
    ['_api/R1.jsonl', undefined, undefined],
    ['_api/R1.xmd', undefined, undefined],
    ['', undefined, undefined],
  ] as const)('reads file %j as %j (a format file of %s)', (path, entity, id) => {
    const router = new Router('https://x.example/');
    expect(router.fileEntity(path)).toEqual(entity);
    expect(router.formatFileId(path)).toBe(id);
    expect(router.isFormatFile(path)).toBe(id !== undefined);
  });

  it.each([['/'], ['/R1/nope'], ['/R1/xml/more'], ['/other/R1'], ['/folio-api/%E0%A4%A/xml'], ['/folio-api/R1/html']])(
    'resolves %s to nothing under /folio-api',
    (path) => {
      expect(new Router('https://x.example/folio-api/').resolve(path)).toBeUndefined();
    },
  );

  it.each([
    ['/folio-api/R1/html', 'R1'],
    ['/folio-api/R%31/html', 'R1'],
    ['/folio-api/R1', undefined],
    ['/folio-api/R1/html/x', undefined],
    ['/folio-api/%E0%A4%A/html', undefined],
    ['/folio-api/defaultLink%2A/html', 'defaultLink%2A'],
    ['/folio-api/defaultLink*/html', 'defaultLink%2A'],
    ['/folio-api/price%20range/html', 'price%20range'],
  ])('resolves the page URL %s to %s', (path, id) => {
    expect(new Router('https://x.example/folio-api/').resolvePage(path)).toBe(id);
  });
});

describe('Router, laid out for GitHub Pages', () => {
  const router = new Router('https://example.github.io/folio-api/', 'github-pages');

  it.each([
    ['json', 'R1.html', '/folio-api/R1'],
    ['jsonld', 'R1/jsonld', '/folio-api/R1/jsonld'],
    ['xml', 'R1/xml', '/folio-api/R1/xml'],
    ['markdown', 'R1/markdown', '/folio-api/R1/markdown'],
  ] as const)('%s → file %s, URL %s, linked at its URL', (format, file, url) => {
    expect(router.filePath('R1', format)).toBe(file);
    expect(router.urlPath('R1', format)).toBe(url);
    expect(router.formatLinkPath('R1', format)).toBe(url);
    expect(router.fileEntity(file)).toEqual({ id: 'R1', format });
    expect(router.formatFileId(file)).toBe('R1');
    expect(router.isFormatFile(file)).toBe(true);
  });

  it.each([
    ['json', 'defaultLink*.html', '/folio-api/defaultLink%2A'],
    ['ttl', 'defaultLink*/ttl', '/folio-api/defaultLink%2A/ttl'],
  ] as const)('an id with a percent escape: %s → file %s (decoded), URL and link %s (as the IRI writes it)', (format, file, url) => {
    const id = 'defaultLink%2A';
    expect(router.filePath(id, format)).toBe(file);
    expect(router.urlPath(id, format)).toBe(url);
    expect(router.formatLinkPath(id, format)).toBe(url);
    expect(router.fileEntity(file)).toEqual({ id, format });
    expect(router.pageFile(id)).toBe('defaultLink*/html.html');
    expect(router.fileEntity('defaultLink*/html.html')).toEqual({ id, format: 'html' });
  });

  it.each([
    ['R1/html.html', { id: 'R1', format: 'html' }],
    ['index.html', undefined],
    ['Index.html', { id: 'Index', format: 'json' }],
    ['404.html', undefined],
    ['docs.html', undefined],
    ['docs/index.html', undefined],
    ['search/xml', { id: 'search', format: 'xml' }],
    ['index/jsonld', { id: 'index', format: 'jsonld' }],
    ['404/html.html', { id: '404', format: 'html' }],
    ['search/client.js', undefined],
    ['_site/tree/R1.json', undefined],
    ['_astro/R1.html', undefined],
    // An id with a "/": its files nest in the folder of the first segment's formats.
    ['R1/R2/jsonld', { id: 'R1/R2', format: 'jsonld' }],
    ['R1/R2.html', { id: 'R1/R2', format: 'json' }],
    ['R1/R2/html.html', { id: 'R1/R2', format: 'html' }],
    ['R1/R2/R3.html', { id: 'R1/R2/R3', format: 'json' }],
    ['R1/_api/jsonld', { id: 'R1/_api', format: 'jsonld' }],
    ['R1/R2/R3/R4.html', undefined],
    ['R1/jsonld/R2.html', undefined],
    ['docs/R1.html', undefined],
    ['_site/R1.html', undefined],
    ['R1.x.html', undefined],
    ['R1/json', undefined],
    ['R1/html', undefined],
    ['R1', undefined],
    ['.nojekyll', undefined],
  ] as const)('reads file %j as %j', (path, entity) => {
    expect(router.fileEntity(path)).toEqual(entity);
    const format = entity?.format === 'html' ? undefined : entity;
    expect(router.formatFileId(path)).toBe(format?.id);
    expect(router.isFormatFile(path)).toBe(format !== undefined);
  });

  it('puts the concept page at {id}/html.html, linked as /{id}/html; writes /docs as docs.html; publishes index and 404 without their record', () => {
    expect(router.pageFile('R1')).toBe('R1/html.html');
    expect(router.pageLinkPath('R1')).toBe('/folio-api/R1/html');
    expect(router.unslashedFolderFile('docs')).toBe('docs.html');
    const formats = (on: Router, id: string) => on.publishedFormats(id).map((spec) => spec.format);
    for (const id of ['index', '404', 'docs', 'search']) expect(formats(router, id), id).toEqual(['jsonld', 'xml', 'ttl', 'nt', 'markdown']);
    expect(formats(router, 'Index')).toEqual(['json', 'jsonld', 'xml', 'ttl', 'nt', 'markdown']);
    const rewriting = new Router('https://x.example/');
    expect(rewriting.pageFile('R1')).toBe('_site/pages/R1/index.html');
    expect(rewriting.pageLinkPath('R1')).toBe('/_site/pages/R1/');
    expect(rewriting.unslashedFolderFile('docs')).toBeUndefined();
    for (const id of ['docs', 'search']) expect(formats(rewriting, id), id).toEqual(['jsonld', 'xml', 'ttl', 'nt', 'markdown']);
    for (const id of ['index', '404', 'tree', 'site', 'find', 'html', 'pagefind', 'not-found', 'Docs'])
      expect(formats(rewriting, id), id).toEqual(['json', 'jsonld', 'xml', 'ttl', 'nt', 'markdown']);
  });

  // What GitHub Pages serves: the file, else the .html file, else a folder's index after a redirect.
  const files = new Set([
    'R1.html',
    'R1/jsonld',
    'R1/html.html',
    'index.html',
    'docs.html',
    'docs/index.html',
    'tree/index.html',
    'search/client.js',
    'data/index.json',
  ]);
  it.each([
    ['/folio-api/R1', 'R1.html'],
    ['/folio-api/R1/jsonld', 'R1/jsonld'],
    ['/folio-api/R1/html', 'R1/html.html'],
    ['/folio-api/R1/xml', undefined],
    ['/folio-api/R1/', undefined],
    ['/folio-api/', 'index.html'],
    ['/folio-api', 'index.html'],
    ['/folio-api/docs', 'docs.html'],
    ['/folio-api/docs/', 'docs/index.html'],
    ['/folio-api/tree', 'tree/index.html'],
    ['/folio-api/data/', 'data/index.json'],
    ['/folio-api/search/prefix', 'search/client.js'],
    ['/folio-api/%E0%A4%A', undefined],
    ['/other/R1', undefined],
  ])('serves %s from %s', (url, file) => {
    expect(router.servedFile(url, (path) => files.has(path))).toBe(file);
  });
});

describe('findBaseIri', () => {
  const declared = (iris: string[], ontology?: string): TypeStatement[] => [
    ...(ontology ? [{ subject: ontology, type: `${NS.owl}Ontology` }] : []),
    ...iris.map((subject, at) => ({ subject, type: `${NS.owl}${at % 2 ? 'ObjectProperty' : 'Class'}` })),
  ];
  it.each([
    [
      'the namespace of most terms, not the owl:Ontology naming a document (PROV-O)',
      declared(
        ['http://www.w3.org/ns/prov#Agent', 'http://www.w3.org/ns/prov#wasDerivedFrom', 'http://purl.org/dc/terms/Agent'],
        'http://www.w3.org/ns/prov-dc#',
      ),
      'http://www.w3.org/ns/prov#',
    ],
    [
      "the namespace of most terms, below the owl:Ontology's",
      declared(['https://x.example/terms/A', 'https://x.example/terms/b', 'https://x.example/C'], 'https://x.example/'),
      'https://x.example/terms/',
    ],
    ["of a tie, the owl:Ontology's namespace", declared(['https://a.example/A', 'https://b.example/B'], 'https://b.example'), 'https://b.example/'],
    ['of a tie without it, the first declared', declared(['https://a.example/A', 'https://b.example/B']), 'https://a.example/'],
    ['no owl:Ontology needed', declared(['https://x.example/onto#A', 'https://x.example/onto#b']), 'https://x.example/onto#'],
    [
      "a namespace's terms counted together when others come between, and of a tie, the first declared",
      declared(['https://b.example/A', 'https://a.example/B', 'https://a.example/C', 'https://b.example/D', 'https://c.example/E']),
      'https://b.example/',
    ],
    [
      "a namespace that is another's beginning counted apart from it",
      declared(['https://x.example/A', 'https://x.example/t/B', 'https://x.example/t/C', 'https://x.example/D', 'https://x.example/t/E']),
      'https://x.example/t/',
    ],
    ["no terms: the owl:Ontology's IRI", declared([], 'https://x.example/onto'), 'https://x.example/onto/'],
    [
      'a term counted once however often declared',
      [...declared(['https://a.example/A', 'https://b.example/B', 'https://b.example/C']), ...declared(['https://a.example/A', 'https://a.example/A'])],
      'https://b.example/',
    ],
  ])('%s', (_, statements, expected) => {
    expect(findBaseIri(statements)).toBe(expected);
  });

  it('takes the given one, and refuses when there is nothing to take one from', () => {
    expect(findBaseIri(declared(['https://a.example/A']), 'https://given.example/')).toBe('https://given.example/');
    expect(() => findBaseIri([])).toThrow(
      /^no owl:Class, rdfs:Class, skos:Concept, owl:ObjectProperty, owl:DatatypeProperty, owl:AnnotationProperty or rdf:Property and no owl:Ontology declared/,
    );
  });
});

describe('chooseLabel', () => {
  const labels = (...spec: string[]) =>
    spec.map((text) => {
      const [value, language] = text.split('@');
      return DataFactory.literal(value ?? '', language);
    });
  it.each([
    ['one label, whatever its language', labels('Person@de'), 'Person', {}],
    ['the untagged one, the others as translations', labels('Personne@fr', 'Person', 'Persona@es'), 'Person', { fr: 'Personne', es: 'Persona' }],
    ['else English', labels('Person@de', 'person@en', 'persona@it'), 'person', { de: 'Person', it: 'persona' }],
    ['else a regional English', labels('Person@de', 'Person@en-GB'), 'Person', { de: 'Person' }],
    ['else the last', labels('Person@de', 'persona@it'), 'persona', { de: 'Person' }],
    ["of several untagged, the last (the live service's rule)", labels('First', 'Second', 'Seconde@fr'), 'Second', { fr: 'Seconde' }],
    ['none', labels(), null, {}],
  ])('%s', (_, given, label, translations) => {
    expect(chooseLabel(given)).toEqual({ label, translations });
  });
});

describe('bundleOf', () => {
  // FNV-1a's published 32-bit test vectors ("" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968), taken modulo.
  it.each([
    ['', 0xffffffff, 0x811c9dc5],
    ['a', 0xffffffff, 0xe40c292c],
    ['foobar', 0xffffffff, 0xbf9cf968],
    ['', 7, 0x811c9dc5 % 7],
    ['R1', 1, 0],
  ])('bundleOf(%j, %i) = %i', (id, bundles, expected) => {
    expect(bundleOf(id, bundles)).toBe(expected);
  });
});

describe('emitJson', () => {
  it.each([
    [{ label: '<script>&</script>' }, '{"label":"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e"}'],
    [{ label: 'Zürich \u2028' }, '{"label":"Zürich \\u2028"}'],
    [{ a: null, b: [] }, '{"a":null,"b":[]}'],
  ])('%j', (value, expected) => {
    expect(emitJson(value)).toBe(expected);
    expect(JSON.parse(emitJson(value))).toEqual(value);
  });
});

describe('positionFromMessage', () => {
  it.each([
    ['Line 3 column 7: Unexpected rdf:about', { line: 3, column: 7, message: 'Unexpected rdf:about' }],
    ['file.owl:4:0: unclosed tag: owl:Class', { line: 4, column: 1, message: 'unclosed tag: owl:Class' }],
    ['12:5: disallowed character.', { line: 12, column: 6, message: 'disallowed character.' }],
    ['something else\nmore', { message: 'something else' }],
  ])('%s', (text, expected) => {
    expect(positionFromMessage(text)).toEqual(expected);
  });
});

describe('splitIri', () => {
  it.each([
    ['http://www.w3.org/2000/01/rdf-schema#label', { namespace: 'http://www.w3.org/2000/01/rdf-schema#', local: 'label' }],
    ['https://folio.openlegalstandard.org/R7PEVL4EDe99UD7dVx58cFp', { namespace: 'https://folio.openlegalstandard.org/', local: 'R7PEVL4EDe99UD7dVx58cFp' }],
    ['https://folio.openlegalstandard.org/9iOdEbYYSy6hmAfeg6ievA', undefined],
    ['https://x.example/', undefined],
  ])('%s', (iri, expected) => {
    expect(splitIri(iri)).toEqual(expected);
  });
});

describe('resolveOptions', () => {
  it('merges defaults, then the config file, then what was given', () => {
    expect(resolveOptions({}, {})).toEqual(DEFAULT_OPTIONS);
    expect(resolveOptions({ out: 'site' }, { out: 'public', baseUrl: 'https://a.example/' })).toEqual({
      ...DEFAULT_OPTIONS,
      out: 'site',
      baseUrl: 'https://a.example/',
    });
  });

  it.each([
    [{ baseUrl: 'not a url' }, /^option baseUrl must be an absolute URL/],
    [{ baseIri: 'https://x.example/base' }, /^option baseIri must end with "\/" or "#"/],
    [{ ontology: '' }, /^option ontology must be a non-empty string/],
    [{ colour: 'red' } as object, /^unknown option "colour"/],
    [{ bundleEntities: true }, /^bundleEntities needs apiOnly/],
    [{ host: 'github' } as object, /^option host must be one of rewriting, github-pages \(got "github"\)/],
    [{ host: 'github-pages' as const, apiOnly: true, bundleEntities: true }, /^bundleEntities is for Cloudflare Pages/],
    [{ negotiate: 'yes' } as object, /^option negotiate must be true or false/],
    [{ host: 'github-pages' as const, negotiate: true }, /^negotiate is for Cloudflare Pages and Netlify/],
  ])('rejects %j', (given, message) => {
    expect(() => resolveOptions(given, {})).toThrow(message);
  });
});

describe('checkIds', () => {
  const entity = (id: string): Entity => ({ id, iri: `https://x.example/${id}`, kind: 'class', type: `${NS.owl}Class`, declarations: 1 });
  it.each<[string, string[], string[][], string[]]>([
    ['no two alike', ['Ra', 'Rb', 'número'], [], []],
    [
      'groups in the order of their first ids, a site name first',
      ['Zed', 'Ab', 'zED', 'Docs', 'aB', 'ZeD'],
      [
        ['docs', 'Docs'],
        ['Zed', 'zED', 'ZeD'],
        ['Ab', 'aB'],
      ],
      [],
    ],
    [
      'ids not published, ASCII or not, each with its reason',
      ['a.b', 'x'.repeat(201), 'é'.repeat(101), 'é'.repeat(100), '-a'],
      [],
      ['a.b', 'x'.repeat(201), 'é'.repeat(101), '-a'],
    ],
  ])('%s', (_, ids, collisions, refused) => {
    const found = checkIds(ids.map(entity), new Set(['docs']));
    expect(found.caseCollisions).toEqual(collisions);
    expect(found.publishable.map((published) => published.id)).toEqual(ids.filter((id) => !refused.includes(id)));
    expect(found.unpublishable.map((line) => line.split(' (')[0])).toEqual(refused.map((id) => JSON.stringify(id.length > 60 ? `${id.slice(0, 57)}…` : id)));
  });

  it('gives the length of a long id in bytes', () => {
    expect(checkIds([entity('x'.repeat(201)), entity('é'.repeat(101))]).unpublishable.map((line) => line.replace(/^.*\) /, ''))).toEqual([
      'is 201 bytes long (at most 200)',
      'is 202 bytes long (at most 200)',
    ]);
  });
});
