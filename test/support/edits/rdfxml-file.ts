// An RDF/XML file as the edits see it: its head and tail as written, and each top-level element (a block, as
// the generator splits them) as a description, or kept as written when it is not the plain shape parsed here.
import { escapeXml } from '../../../bench/folio-shaped/rdfxml-text.ts';
import { splitRdfXml } from '../../../generator/load/split-rdfxml.ts';
import { compact, isDescription, PREFIXES, type Description, type EditableFile, type ObjectTerm, type Statement, type Unit } from './statements.ts';

const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

export class RdfXmlFile implements EditableFile {
  readonly name: string;
  readonly syntax = 'rdfxml';
  readonly #head: string;
  readonly #tail: string;
  readonly #namespaces: Record<string, string>;
  units: Unit[];

  constructor(name: string, text: string) {
    this.name = name;
    const split = splitRdfXml(text);
    if (!split) throw new Error(`${name} does not split into blocks`);
    this.#head = split.head;
    this.#tail = split.tail;
    this.#namespaces = Object.fromEntries([...split.head.matchAll(/xmlns:([\w.-]+)="([^"]+)"/g)].map((match) => [match[1], match[2]]));
    this.units = split.blocks.map(({ start, end }) => {
      const written = text.slice(start, end);
      return parseBlock(written, this.#namespaces) ?? { written };
    });
  }

  /** A file of these descriptions, with a head that declares every namespace of PREFIXES. */
  static of(name: string, descriptions: readonly Description[]): RdfXmlFile {
    const namespaces = Object.entries(PREFIXES).map(([prefix, namespace]) => `\n     xmlns:${prefix}="${namespace}"`);
    const blocks = descriptions.map((description) => writeBlock(description, PREFIXES));
    return new RdfXmlFile(name, `<?xml version="1.0"?>\n<rdf:RDF${namespaces.join('')}>\n    ${blocks.join('\n    ')}\n</rdf:RDF>\n`);
  }

  text(): string {
    const blocks = this.units.map((unit) => (isDescription(unit) ? writeBlock(unit, this.#namespaces) : unit.written));
    return `${this.#head}\n    ${blocks.join('\n    ')}\n${this.#tail}`;
  }
}

// A child element: empty with attributes, or with text, or with nested markup (then the name closes it).
const EMPTY_CHILD = /^<([\w.-]+:[\w.-]+)((?:\s+[\w.:-]+="[^"]*")*)\s*\/>/;
const TEXT_CHILD = /^<([\w.-]+:[\w.-]+)((?:\s+[\w.:-]+="[^"]*")*)\s*>([^<]*)<\/\1\s*>/;
const NESTED_CHILD = /^<([\w.-]+:[\w.-]+)\s*>/;
const COMMENT = /^<!--[\s\S]*?-->/;
const RESTRICTION = /^<owl:Restriction>\s*<owl:onProperty rdf:resource="([^"]+)"\/>\s*<owl:someValuesFrom rdf:resource="([^"]+)"\/>\s*<\/owl:Restriction>$/;

/** A block `<type rdf:about="…">` of plain children, as a description; undefined for any other shape. */
function parseBlock(text: string, namespaces: Readonly<Record<string, string>>): Description | undefined {
  const open = /^<([\w.-]+:[\w.-]+)\s+rdf:about="([^"]*)"\s*(\/?)>/.exec(text);
  if (!open) return undefined;
  const [type, about] = [expand(open[1], namespaces), unescapeXml(open[2])];
  if (type === undefined || about === undefined || !isAbsolute(about)) return undefined;
  const description: Description = { iri: about, ...(type === `${RDF_NS}Description` ? {} : { type }), statements: [] };
  if (open[3] === '/') return open[0].length === text.length ? description : undefined;
  const close = `</${open[1]}>`;
  if (!text.endsWith(close)) return undefined;
  let rest = text.slice(open[0].length, text.length - close.length).trim();
  while (rest !== '') {
    const statement = parseChild(rest, namespaces);
    if (statement === undefined) return undefined;
    if (statement.parsed) description.statements.push(statement.parsed);
    rest = rest.slice(statement.length).trim();
  }
  return description;
}

function parseChild(text: string, namespaces: Readonly<Record<string, string>>): { parsed?: Statement; length: number } | undefined {
  const comment = COMMENT.exec(text);
  if (comment) return { length: comment[0].length };
  const empty = EMPTY_CHILD.exec(text);
  if (empty) {
    const attributes = attributesOf(empty[2]);
    const predicate = expand(empty[1], namespaces);
    const resource = attributes?.get('rdf:resource');
    // A relative IRI would mean another one once moved to a file with another base.
    if (predicate === undefined || resource === undefined || !isAbsolute(resource) || attributes?.size !== 1) return undefined;
    return { parsed: { predicate, object: { kind: 'iri', iri: resource } }, length: empty[0].length };
  }
  const withText = TEXT_CHILD.exec(text);
  if (withText) {
    const attributes = attributesOf(withText[2]);
    const predicate = expand(withText[1], namespaces);
    const value = unescapeXml(withText[3]);
    if (predicate === undefined || attributes === undefined || value === undefined) return undefined;
    const { 'xml:lang': language, 'rdf:datatype': datatype, ...others } = Object.fromEntries(attributes);
    if (Object.keys(others).length > 0) return undefined;
    return {
      parsed: { predicate, object: { kind: 'literal', text: value, ...(language ? { language } : {}), ...(datatype ? { datatype } : {}) } },
      length: withText[0].length,
    };
  }
  const nested = NESTED_CHILD.exec(text);
  if (!nested) return undefined;
  const predicate = expand(nested[1], namespaces);
  if (predicate === undefined) return undefined;
  const close = `</${nested[1]}>`;
  const end = text.indexOf(close);
  if (end === -1 || text.slice(nested[0].length, end).includes(`<${nested[1]}`)) return undefined;
  const inner = text.slice(nested[0].length, end).trim();
  const restriction = RESTRICTION.exec(inner);
  const object: ObjectTerm = restriction
    ? { kind: 'restriction', onProperty: unescapeXml(restriction[1]) ?? '', target: unescapeXml(restriction[2]) ?? '' }
    : { kind: 'xml', xml: inner };
  return { parsed: { predicate, object }, length: end + close.length };
}

/** The attributes in order, values unescaped; undefined when one cannot be read. */
function attributesOf(text: string): Map<string, string> | undefined {
  const attributes = new Map<string, string>();
  for (const [, name, raw] of text.matchAll(/([\w.:-]+)="([^"]*)"/g)) {
    const value = unescapeXml(raw);
    if (value === undefined) return undefined;
    attributes.set(name, value);
  }
  return attributes;
}

function isAbsolute(value: string): boolean {
  return /^[a-z][\w+.-]*:/i.test(value);
}

function expand(qualified: string, namespaces: Readonly<Record<string, string>>): string | undefined {
  const [prefix, local] = qualified.split(':');
  return namespaces[prefix] === undefined ? undefined : `${namespaces[prefix]}${local}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its five entities and character references decoded; undefined for any other entity. */
function unescapeXml(text: string): string | undefined {
  let unknown = false;
  const value = text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    unknown ||= ENTITIES[name] === undefined;
    return ENTITIES[name] ?? '';
  });
  return unknown ? undefined : value;
}

/** The description as an OWL API writes it: the element named after its type, one child a line. */
function writeBlock(description: Description, namespaces: Readonly<Record<string, string>>): string {
  const element = description.type === undefined ? 'rdf:Description' : qualified(description.type, namespaces);
  const head = `<${element} rdf:about="${escapeXml(description.iri)}"`;
  if (description.statements.length === 0) return `${head}/>`;
  const children = description.statements.map((statement) => writeChild(statement, namespaces));
  return `${head}>\n        ${children.join('\n        ')}\n    </${element}>`;
}

function writeChild({ predicate, object }: Statement, namespaces: Readonly<Record<string, string>>): string {
  const name = qualified(predicate, namespaces);
  switch (object.kind) {
    case 'iri':
      return `<${name} rdf:resource="${escapeXml(object.iri)}"/>`;
    case 'literal': {
      const language = object.language ? ` xml:lang="${escapeXml(object.language)}"` : '';
      const datatype = object.datatype ? ` rdf:datatype="${escapeXml(object.datatype)}"` : '';
      return `<${name}${language}${datatype}>${escapeXml(object.text)}</${name}>`;
    }
    case 'restriction':
      return `<${name}><owl:Restriction><owl:onProperty rdf:resource="${escapeXml(object.onProperty)}"/><owl:someValuesFrom rdf:resource="${escapeXml(object.target)}"/></owl:Restriction></${name}>`;
    case 'xml':
      return `<${name}>${object.xml}</${name}>`;
  }
}

function qualified(value: string, namespaces: Readonly<Record<string, string>>): string {
  const name = compact(value, namespaces);
  if (name === undefined) throw new Error(`no namespace of the file's head holds ${value}`);
  return name;
}
