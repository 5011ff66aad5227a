import { describe, expect, it } from 'vitest';
import { resolveOptions, DEFAULT_OPTIONS } from '../generator/config/options.ts';
import { emitJson } from '../generator/emit/json.ts';
import { splitIri } from '../generator/emit/namespaces.ts';
import { positionFromMessage } from '../generator/load/position.ts';
import { Router, bundleOf } from '../generator/route/router.ts';

describe('Router', () => {
  it.each([
    ['https://api.example.org/', 'R1', 'json', 'R1', '/R1'],
    ['https://api.example.org/', 'R1', 'jsonld', '_api/R1.jsonld', '/R1/jsonld'],
    ['https://api.example.org', 'R1', 'xml', '_api/R1.xml', '/R1/xml'],
    ['https://example.github.io/folio-api/', 'R1', 'markdown', '_api/R1.md', '/folio-api/R1/markdown'],
    ['https://example.github.io/folio-api', 'R1', 'json', 'R1', '/folio-api/R1'],
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
    ['html/R1/index.html', { id: 'R1', format: 'html' }, undefined],
    ['_api/R1.x.md', { id: 'R1.x', format: 'markdown' }, 'R1.x'],
    ['_api/R1.html', undefined, undefined],
    ['_api/R1', undefined, undefined],
    ['_api/a/R1.xml', undefined, undefined],
    ['_headers', undefined, undefined],
    ['.nojekyll', undefined, undefined],
    ['404.html', undefined, undefined],
    ['search/s/61.json', undefined, undefined],
    ['tree/R1.json', undefined, undefined],
    ['_api/R1.jsonl', undefined, undefined],
    ['_api/R1.xmd', undefined, undefined],
    ['', undefined, undefined],
  ] as const)('reads file %j as %j (a format file of %s)', (path, entity, id) => {
    const router = new Router('https://x.example/');
    expect(router.fileEntity(path)).toEqual(entity);
    expect(router.formatFileId(path)).toBe(id);
    expect(router.isFormatFile(path)).toBe(id !== undefined);
  });

  it.each([['/'], ['/R1/nope'], ['/R1/xml/more'], ['/other/R1']])('resolves %s to nothing under /folio-api', (path) => {
    expect(new Router('https://x.example/folio-api/').resolve(path)).toBeUndefined();
  });
});

describe('bundleOf', () => {
  // FNV-1a's published 32-bit test vectors ("" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968), taken modulo.
  it.each([['', 0xffffffff, 0x811c9dc5], ['a', 0xffffffff, 0xe40c292c], ['foobar', 0xffffffff, 0xbf9cf968], ['', 7, 0x811c9dc5 % 7], ['R1', 1, 0]])('bundleOf(%j, %i) = %i', (id, bundles, expected) => {
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
    expect(resolveOptions({ out: 'site' }, { out: 'public', baseUrl: 'https://a.example/' })).toEqual({ ...DEFAULT_OPTIONS, out: 'site', baseUrl: 'https://a.example/' });
  });

  it.each([
    [{ baseUrl: 'not a url' }, /^option baseUrl must be an absolute URL/],
    [{ baseIri: 'https://x.example/base' }, /^option baseIri must end with "\/" or "#"/],
    [{ ontology: '' }, /^option ontology must be a non-empty string/],
    [{ colour: 'red' } as object, /^unknown option "colour"/],
    [{ bundleEntities: true }, /^bundleEntities needs apiOnly/],
  ])('rejects %j', (given, message) => {
    expect(() => resolveOptions(given, {})).toThrow(message);
  });
});
