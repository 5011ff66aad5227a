// Seeded edits of an RDF/XML ontology of FOLIO's shape, as a knowledge engineer makes them: labels,
// translations, definitions, classes added and removed, parents moved, properties changed, blocks reordered.
// Every edit keeps the document well formed, so each one reaches the whole pipeline.
import { escapeXml, type Rng } from '../../bench/folio-shaped/generate.ts';
import { splitRdfXml } from '../../generator/load/split-rdfxml.ts';

export class EditableOntology {
  readonly head: string;
  readonly tail: string;
  readonly baseIri: string;
  blocks: string[];
  #added = 0;

  constructor(text: string, baseIri: string) {
    this.baseIri = baseIri;
    const split = splitRdfXml(text);
    if (!split) throw new Error('the ontology does not split into blocks');
    this.head = split.head;
    this.tail = split.tail;
    this.blocks = split.blocks.map(({ start, end }) => text.slice(start, end));
  }

  get text(): string {
    return `${this.head}\n${this.blocks.join('\n')}\n${this.tail}`;
  }

  /** Indexes of the blocks declaring terms of `element` (owl:Class, owl:ObjectProperty) under the base IRI. */
  indexesOf(element: string): number[] {
    const opening = `<${element} rdf:about="${this.baseIri}`;
    return this.blocks.flatMap((block, at) => (block.startsWith(opening) ? [at] : []));
  }

  iriOf(at: number): string {
    return /rdf:about="([^"]+)"/.exec(this.blocks[at])?.[1] ?? '';
  }

  /** A new IRI under the base, never used before in this document. */
  newIri(rng: Rng): string {
    this.#added += 1;
    return `${this.baseIri}RNew${this.#added}x${rng.int(1_000_000)}`;
  }
}

export type Edit = (ontology: EditableOntology, rng: Rng) => string;

// Words that share prefixes with each other and with labels already there, so ranked search lists shift.
const WORDS = [
  'Contract',
  'Contractor',
  'Court',
  'Courts',
  'Appeal',
  'Appellate',
  'Lease',
  'Leasing',
  'Trust',
  'Trustee',
  'Tax',
  'Taxation',
  'Juge',
  'Cláusula',
  'Überweisung',
  'Straße',
  'ﬁduciary',
  'Æsop',
  '裁判',
  'Zoning',
  'A',
  'Ab',
];
const LANGUAGES = ['de-de', 'fr-fr', 'es-es', 'pt-br', 'ja-jp', 'it-it'];

function words(rng: Rng): string {
  return Array.from({ length: rng.between(1, 3) }, () => rng.pick(WORDS)).join(' ');
}

/** Inserts `lines` just before the block's closing tag. */
function addLines(block: string, lines: string): string {
  return block.replace(/\n?(\s*)<\/([^>]+)>$/, `\n        ${lines}\n    </$2>`);
}

function pickBlock(ontology: EditableOntology, rng: Rng, element = rng.chance(0.85) ? 'owl:Class' : 'owl:ObjectProperty'): number | undefined {
  const indexes = ontology.indexesOf(element);
  return indexes.length === 0 ? undefined : rng.pick(indexes);
}

function replaceFirst(ontology: EditableOntology, at: number, pattern: RegExp, by: string): boolean {
  const before = ontology.blocks[at];
  ontology.blocks[at] = before.replace(pattern, by);
  return ontology.blocks[at] !== before;
}

function classBlock(iri: string, parent: string, label: string): string {
  return `<owl:Class rdf:about="${iri}">\n        <rdfs:subClassOf rdf:resource="${parent}"/>\n        <rdfs:label>${escapeXml(label)}</rdfs:label>\n    </owl:Class>`;
}

export const EDITS: Record<string, Edit> = {
  relabel(ontology, rng) {
    const at = pickBlock(ontology, rng);
    if (at === undefined) return 'nothing to relabel';
    const label = words(rng);
    const done = replaceFirst(ontology, at, /<rdfs:label>[^<]*<\/rdfs:label>/, `<rdfs:label>${escapeXml(label)}</rdfs:label>`);
    if (!done) ontology.blocks[at] = addLines(ontology.blocks[at], `<rdfs:label>${escapeXml(label)}</rdfs:label>`);
    return `${ontology.iriOf(at)} labelled "${label}"`;
  },
  translate(ontology, rng) {
    const at = pickBlock(ontology, rng);
    if (at === undefined) return 'nothing to translate';
    const language = rng.pick(LANGUAGES);
    const label = words(rng);
    ontology.blocks[at] = addLines(ontology.blocks[at], `<skos:altLabel xml:lang="${language}">${escapeXml(label)}</skos:altLabel>`);
    return `${ontology.iriOf(at)} translated to ${language} "${label}"`;
  },
  untranslate(ontology, rng) {
    const at = pickBlock(ontology, rng);
    if (at === undefined) return 'nothing to untranslate';
    const done = replaceFirst(ontology, at, /\s*<skos:altLabel( xml:lang="[^"]*")?>[^<]*<\/skos:altLabel>/, '');
    return `${ontology.iriOf(at)} ${done ? 'lost an alternative label' : 'had no alternative label'}`;
  },
  hideAndPrefer(ontology, rng) {
    const at = pickBlock(ontology, rng);
    if (at === undefined) return 'nothing to relabel';
    const element = rng.chance(0.5) ? 'skos:hiddenLabel' : 'skos:prefLabel';
    const label = words(rng);
    const done = replaceFirst(ontology, at, new RegExp(`<${element}>[^<]*</${element}>`), `<${element}>${escapeXml(label)}</${element}>`);
    if (!done) ontology.blocks[at] = addLines(ontology.blocks[at], `<${element}>${escapeXml(label)}</${element}>`);
    return `${ontology.iriOf(at)} given ${element} "${label}"`;
  },
  redefine(ontology, rng) {
    const at = pickBlock(ontology, rng);
    if (at === undefined) return 'nothing to redefine';
    const definition = `${words(rng)} & ${words(rng)} <${rng.int(100)}>`;
    const done = replaceFirst(ontology, at, /<skos:definition>[^<]*<\/skos:definition>/, `<skos:definition>${escapeXml(definition)}</skos:definition>`);
    if (!done) ontology.blocks[at] = addLines(ontology.blocks[at], `<skos:definition>${escapeXml(definition)}</skos:definition>`);
    return `${ontology.iriOf(at)} redefined`;
  },
  addClass(ontology, rng) {
    const parents = ontology.indexesOf('owl:Class');
    const parent = parents.length > 0 ? ontology.iriOf(rng.pick(parents)) : 'http://www.w3.org/2002/07/owl#Thing';
    const iri = ontology.newIri(rng);
    ontology.blocks.splice(rng.int(ontology.blocks.length + 1), 0, classBlock(iri, parent, words(rng)));
    return `${iri} added under ${parent}`;
  },
  removeClass(ontology, rng) {
    const at = pickBlock(ontology, rng, 'owl:Class');
    if (at === undefined) return 'no class to remove';
    const iri = ontology.iriOf(at);
    ontology.blocks.splice(at, 1);
    return `${iri} removed`;
  },
  moveClass(ontology, rng) {
    const classes = ontology.indexesOf('owl:Class');
    if (classes.length < 2) return 'no class to move';
    const at = rng.pick(classes);
    const parent = ontology.iriOf(rng.pick(classes));
    const done = replaceFirst(ontology, at, /<rdfs:subClassOf rdf:resource="[^"]*"\/>/, `<rdfs:subClassOf rdf:resource="${parent}"/>`);
    if (!done) ontology.blocks[at] = addLines(ontology.blocks[at], `<rdfs:subClassOf rdf:resource="${parent}"/>`);
    return `${ontology.iriOf(at)} moved under ${parent}`;
  },
  seeAlso(ontology, rng) {
    const classes = ontology.indexesOf('owl:Class');
    if (classes.length < 2) return 'no class to link';
    const at = rng.pick(classes);
    const other = ontology.iriOf(rng.pick(classes));
    ontology.blocks[at] = addLines(
      ontology.blocks[at],
      `<rdfs:subClassOf><owl:Restriction><owl:onProperty rdf:resource="http://www.w3.org/2000/01/rdf-schema#seeAlso"/><owl:someValuesFrom rdf:resource="${other}"/></owl:Restriction></rdfs:subClassOf>`,
    );
    return `${ontology.iriOf(at)} sees also ${other}`;
  },
  reshapeProperty(ontology, rng) {
    const at = pickBlock(ontology, rng, 'owl:ObjectProperty');
    const classes = ontology.indexesOf('owl:Class');
    if (at === undefined || classes.length === 0) return 'no property to change';
    const element = rng.chance(0.5) ? 'rdfs:domain' : 'rdfs:range';
    const target = ontology.iriOf(rng.pick(classes));
    const done = rng.chance(0.5) && replaceFirst(ontology, at, new RegExp(`\\s*<${element} rdf:resource="[^"]*"/>`), '');
    if (!done) ontology.blocks[at] = addLines(ontology.blocks[at], `<${element} rdf:resource="${target}"/>`);
    return `${ontology.iriOf(at)} ${done ? `lost a ${element}` : `given ${element} ${target}`}`;
  },
  addProperty(ontology, rng) {
    const classes = ontology.indexesOf('owl:Class');
    const iri = ontology.newIri(rng);
    const domain = classes.length > 0 ? `\n        <rdfs:domain rdf:resource="${ontology.iriOf(rng.pick(classes))}"/>` : '';
    const label = `has${words(rng).replace(/ /g, '')}`;
    ontology.blocks.splice(
      rng.int(ontology.blocks.length + 1),
      0,
      `<owl:ObjectProperty rdf:about="${iri}">${domain}\n        <rdfs:label>${escapeXml(label)}</rdfs:label>\n    </owl:ObjectProperty>`,
    );
    return `property ${iri} added`;
  },
  removeProperty(ontology, rng) {
    const at = pickBlock(ontology, rng, 'owl:ObjectProperty');
    if (at === undefined) return 'no property to remove';
    const iri = ontology.iriOf(at);
    ontology.blocks.splice(at, 1);
    return `property ${iri} removed`;
  },
  reorder(ontology, rng) {
    const [from, to] = [rng.int(ontology.blocks.length), rng.int(ontology.blocks.length)];
    const [block] = ontology.blocks.splice(from, 1);
    ontology.blocks.splice(to, 0, block);
    return `block ${from} moved to ${to}`;
  },
};

export const EDIT_NAMES = Object.keys(EDITS).sort();

/** One to `most` random edits, applied in turn; their descriptions. */
export function editAtRandom(ontology: EditableOntology, rng: Rng, most: number): string[] {
  return Array.from({ length: rng.between(1, most) }, () => {
    const name = rng.pick(EDIT_NAMES);
    return `${name}: ${EDITS[name](ontology, rng)}`;
  });
}
