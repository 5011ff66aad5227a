import { DataFactory } from 'rdf-data-factory';
import { describe, expect, it } from 'vitest';
import { buildNodeTree } from '../generator/emit/node-tree.ts';
import { emitRdfXml, UnwritablePredicateError } from '../generator/emit/rdfxml.ts';
import { parseRdfXml } from '../generator/load/parse-rdfxml.ts';
import { NS, RDF_TYPE } from '../generator/model/vocabulary.ts';
import { hasXmllint, readByLibxml2 } from './support/libxml2.ts';
import { canonicalQuads } from './support/rdf-compare.ts';

const factory = new DataFactory();
const SUBJECT = 'https://x.example/A';
const classQuads = (label: string) => [
  factory.quad(factory.namedNode(SUBJECT), factory.namedNode(RDF_TYPE), factory.namedNode(`${NS.owl}Class`)),
  factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdfs}label`), factory.literal(label, 'en')),
];

describe('the RDF/XML emitter', () => {
  it('refuses a predicate it cannot name, with the fix, and the next entity comes out whole', async () => {
    const before = emitRdfXml(buildNodeTree(SUBJECT, classQuads('Before')));
    const unnameable = [
      ...classQuads('Broken'),
      factory.quad(factory.namedNode(SUBJECT), factory.namedNode('https://x.example/ends-in/7'), factory.literal('x')),
    ];
    expect(() => emitRdfXml(buildNodeTree(SUBJECT, unnameable))).toThrow(UnwritablePredicateError);
    try {
      emitRdfXml(buildNodeTree(SUBJECT, unnameable));
    } catch (error) {
      expect((error as UnwritablePredicateError).hint).toMatch(/rename the property/);
    }
    // The elements written before the failure are gone: the same input gives the same bytes as before it.
    expect(emitRdfXml(buildNodeTree(SUBJECT, classQuads('Before')))).toBe(before);
    const after = emitRdfXml(buildNodeTree(SUBJECT, classQuads('After')));
    expect(after.match(/<rdf:RDF/g)).toHaveLength(1);
    expect(await canonicalQuads(await parseRdfXml(after, 'after.xml', SUBJECT))).toBe(await canonicalQuads(classQuads('After')));
  });

  // What a conformant XML parser normalizes (line ends in text; tabs and line ends in attributes) must be escaped.
  it.each([
    ['a CR LF line end', 'one\r\ntwo'],
    ['a lone CR', 'one\rtwo'],
    ['a trailing CR', 'one\r'],
    ['a tab and spaces', '\tone  two \t'],
    ['markup and an escaped ampersand', '<b>Smith &amp; Varzi</b> ]]>'],
    ['U+0085 and U+2028, which XML 1.0 does not normalize', 'one\u0085two\u2028three'],
    ['a character past the BMP', 'one 𝒜 two'],
  ])('a literal with %s reads back exactly, by the parser that reads sources and by libxml2', async (_, text) => {
    const quads = [...classQuads('A'), factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdfs}comment`), factory.literal(text))];
    const xml = emitRdfXml(buildNodeTree(SUBJECT, quads));
    const expected = await canonicalQuads(quads);
    expect(await canonicalQuads(await parseRdfXml(xml, 'a.xml', SUBJECT))).toBe(expected);
    if (hasXmllint) expect(await canonicalQuads(await parseRdfXml(readByLibxml2(xml), 'a.xml', SUBJECT))).toBe(expected);
  });
});
