import { DataFactory } from 'rdf-data-factory';
import { describe, expect, it } from 'vitest';
import { buildNodeTree } from '../generator/emit/node-tree.ts';
import { emitRdfXml, UnwritablePredicateError } from '../generator/emit/rdfxml.ts';
import { parseRdfXml } from '../generator/load/parse-rdfxml.ts';
import { NS, RDF_TYPE } from '../generator/model/vocabulary.ts';
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
});
