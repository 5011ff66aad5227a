import { DataFactory } from 'rdf-data-factory';
import { describe, expect, it } from 'vitest';
import { buildNodeTree } from '../generator/emit/node-tree.ts';
import { emitRdfXml } from '../generator/emit/rdfxml.ts';
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
  // Each case: a statement RDF/XML cannot say, which the file leaves out; the rest of the term is there and parses.
  it.each<[string, () => ReturnType<typeof factory.quad>]>([
    [
      'a predicate among its syntax names (rdf:resource)',
      () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdf}resource`), factory.literal('x')),
    ],
    ['rdf:li, which it would read as rdf:_1', () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdf}li`), factory.literal('x'))],
    ['a predicate with no XML name', () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode('https://x.example/ends-in/7'), factory.literal('x'))],
    ['a literal holding U+0008', () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdfs}comment`), factory.literal('back\bspace'))],
    ['a literal holding U+FFFE', () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdfs}comment`), factory.literal('not\uFFFEa char'))],
    [
      'a literal holding a lone surrogate',
      () => factory.quad(factory.namedNode(SUBJECT), factory.namedNode(`${NS.rdfs}comment`), factory.literal('half \uD835 pair')),
    ],
  ])('leaves out %s; the rest reads back, by libxml2 too', async (_, unsayable) => {
    const kept = classQuads('Kept');
    const xml = emitRdfXml(buildNodeTree(SUBJECT, [...kept, unsayable()]));
    expect(await canonicalQuads(await parseRdfXml(xml, 'a.xml', SUBJECT))).toBe(await canonicalQuads(kept));
    if (hasXmllint) expect(await canonicalQuads(await parseRdfXml(readByLibxml2(xml), 'a.xml', SUBJECT))).toBe(await canonicalQuads(kept));
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
