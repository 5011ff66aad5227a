import type { Quad, Term } from '@rdfjs/types';
import { Writer } from 'n3';
import { termKey } from '../model/triple-index.ts';
import { NS, RDF_TYPE, XSD_STRING } from '../model/vocabulary.ts';
import { escapeJsonText } from './json.ts';
import { codePointBackslashes, ended, escapingAngles, N_TRIPLES_ESCAPES, TURTLE_ESCAPES } from './n3-text.ts';
import { knownPrefix, splitIri } from './namespaces.ts';
import { emitRdfXmlDescriptions, rdfXmlOpening } from './rdfxml.ts';
import type { DownloadFormat } from '../route/paths.ts';

/**
 * How a whole-ontology file is made of the source's blocks: its header, each block's statements (its segment),
 * the segments that say anything joined by `separator`, and its footer. A segment depends on its block's triples
 * alone (and the base IRI), so an update makes only the changed blocks' and takes the others' bytes from the
 * previous file.
 */
export interface DownloadShape {
  header: string;
  separator: string;
  footer: string;
  /** The block's triples in this format: '' when it has none this format can say. */
  segment(quads: readonly Quad[]): string;
}

/** The four downloads' shapes: N-Triples, Turtle, RDF/XML and JSON-LD (expanded, one node object a line). */
export function downloadShapes(baseIri: string): Record<DownloadFormat, DownloadShape> {
  const prefixes = downloadPrefixes(baseIri);
  const turtleHeader = ended(new Writer({ format: 'Turtle', prefixes }));
  const xmlPrefixes = new Map(Object.entries(prefixes).map(([prefix, namespace]) => [namespace, prefix || 'base']));
  return {
    nt: {
      header: '',
      separator: '',
      footer: '',
      segment: (quads) => codePointBackslashes(n3Text(quads, new Writer({ format: 'N-Triples' }), N_TRIPLES_ESCAPES)),
    },
    ttl: {
      header: turtleHeader,
      separator: '\n',
      footer: '',
      // n3 writes the prefixes first, whatever follows: each block's text is what comes after them.
      segment: (quads) => n3Text(quads, new Writer({ format: 'Turtle', prefixes }), TURTLE_ESCAPES).slice(turtleHeader.length),
    },
    xml: {
      header: rdfXmlOpening(xmlPrefixes),
      separator: '',
      footer: '</rdf:RDF>\n',
      segment: (quads) => emitRdfXmlDescriptions(bySubject(quads), xmlPrefixes),
    },
    jsonld: { header: '[\n', separator: ',\n', footer: '\n]\n', segment: jsonLdText },
  };
}

/** The well-known prefixes, and the base IRI's namespace as "" (Turtle's empty prefix; `base:` in RDF/XML). */
function downloadPrefixes(baseIri: string): Record<string, string> {
  const own = splitIri(`${baseIri}x`)?.namespace;
  const prefixes: Record<string, string> = own === undefined || knownPrefix(own) !== undefined ? {} : { '': own };
  return { ...prefixes, ...NS };
}

function n3Text(quads: readonly Quad[], writer: Writer, escapes: { test: RegExp; all: RegExp }): string {
  const escaping = escapingAngles(writer, escapes);
  for (const quad of quads) escaping.addQuad(quad);
  return ended(escaping);
}

/** The block's statements grouped by subject, in the order the subjects come (statements in source order). */
function bySubject(quads: readonly Quad[]): Quad[][] {
  const groups = new Map<string, Quad[]>();
  for (const quad of quads) {
    const key = termKey(quad.subject);
    const group = groups.get(key);
    if (group) group.push(quad);
    else groups.set(key, [quad]);
  }
  return [...groups.values()];
}

type JsonLdValue = { '@id': string } | { '@value': string; '@language'?: string; '@type'?: string };

/** Each subject a node object in expanded JSON-LD, on a line of its own. */
function jsonLdText(quads: readonly Quad[]): string {
  return bySubject(quads)
    .map((group) => {
      const node: Record<string, string | string[] | JsonLdValue[]> = { '@id': termKey(group[0].subject) };
      for (const { predicate, object } of group) {
        if (predicate.value === RDF_TYPE && object.termType !== 'Literal') {
          const types = (node['@type'] ??= []) as string[];
          types.push(termKey(object));
          continue;
        }
        const values = (node[predicate.value] ??= []) as JsonLdValue[];
        values.push(jsonLdValue(object));
      }
      return escapeJsonText(JSON.stringify(node));
    })
    .join(',\n');
}

function jsonLdValue(object: Term): JsonLdValue {
  if (object.termType !== 'Literal') return { '@id': termKey(object) };
  if (object.language) return { '@value': object.value, '@language': object.language };
  return object.datatype.value === XSD_STRING ? { '@value': object.value } : { '@value': object.value, '@type': object.datatype.value };
}
