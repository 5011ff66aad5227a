// Deterministic FOLIO-shaped RDF/XML at full scale (18,323 classes, 175 object properties), for benchmarks
// and search-index tests. Same options, same bytes: every choice comes from one seeded PRNG, in a fixed order.
import { ADJECTIVES, BRANCHES, LANGUAGES, NOUNS, PLACES, TRANSLATION_WORDS, VERBS, type Language, type WordList } from './words.ts';
import { definition, hash, initials, titleCase } from './prose.ts';
import { banner, compare, entityBlock, literal } from './rdfxml-text.ts';
import { Rng } from './rng.ts';

export interface FolioShapedOptions {
  classes?: number;
  properties?: number;
  seed?: number;
}

export const DEFAULT_CLASSES = 18_323;
export const DEFAULT_PROPERTIES = 175;
export const BASE_IRI = 'https://folio.openlegalstandard.org/';

const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const OWL = 'http://www.w3.org/2002/07/owl#';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const DC = 'http://purl.org/dc/elements/1.1/';
const OWL_THING = `${OWL}Thing`;
const TOP_PROPERTY = `${OWL}topObjectProperty`;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Shares of the non-top classes on levels 2..5; level 6 takes the rest, so the total is exact. */
const LEVEL_SHARES = [0.02, 0.06, 0.16, 0.3];
const SIMPLE_NOUNS = NOUNS.filter((word) => /^[a-z]+$/.test(word));

interface ClassNode {
  id: string;
  iri: string;
  level: number;
  /** Indexes in the node list: the parent's (-1 under owl:Thing) and the top-level ancestor's. */
  parent: number;
  branch: number;
  label: string;
  /** The label's words as composed (lower case), which translations map word by word. */
  terms: string[];
}

/** An entity's IRI, which orders the blocks, and its text. */
type Block = [iri: string, text: string];

/** The whole RDF/XML document, laid out as the OWL API (Protégé) writes FOLIO. */
export function generateFolioShaped(options: FolioShapedOptions = {}): string {
  const classes = options.classes ?? DEFAULT_CLASSES;
  const properties = options.properties ?? DEFAULT_PROPERTIES;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(classes) || classes < 1) throw new RangeError(`classes must be a positive integer (got ${classes})`);
  if (!Number.isInteger(properties) || properties < 0) throw new RangeError(`properties must be a non-negative integer (got ${properties})`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer (got ${seed})`);
  const rng = new Rng(seed);
  const nextId = idSource(rng);
  const annotationIds = [nextId(), nextId(), nextId()];
  const nodes = buildTree(rng, nextId, classes);
  const propertyIris = Array.from({ length: properties }, () => `${BASE_IRI}${nextId()}`);
  const propertyLabels = new Set<string>();
  const propertyBlocks = propertyIris.map((iri, index) => propertyBlock(rng, iri, index, propertyIris, nodes, propertyLabels));
  const levels: number[][] = [];
  for (const [index, node] of nodes.entries()) (levels[node.level - 1] ??= []).push(index);
  const classBlocks = nodes.map((node) => classBlock(rng, node, nodes, levels));
  const byIri = (a: Block, b: Block): number => compare(a[0], b[0]);
  return [
    header(seed),
    banner('Annotation properties'),
    ...annotationBlocks(annotationIds),
    banner('Object Properties'),
    ...propertyBlocks.sort(byIri).map((block) => block[1]),
    banner('Classes'),
    ...classBlocks.sort(byIri).map((block) => block[1]),
    entityBlock(OWL_THING, 'owl:Class', []),
    '</rdf:RDF>\n',
  ].join('');
}

/** FOLIO-like ids: "R" and 21 or 22 letters and digits, unique even ignoring case (case-insensitive file systems). */
function idSource(rng: Rng): () => string {
  const seen = new Set<string>();
  return () => {
    for (;;) {
      let id = 'R';
      for (let i = rng.chance(0.2) ? 21 : 22; i > 0; i--) id += ID_CHARS[rng.int(ID_CHARS.length)];
      const key = id.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      return id;
    }
  };
}

/** Six levels: up to 24 branches under owl:Thing, then more classes on each level down to level 6. */
export function levelSizes(total: number): number[] {
  const top = Math.min(BRANCHES.length, Math.max(1, Math.ceil(total / 20)));
  const sizes = [top];
  let left = total - top;
  for (const share of LEVEL_SHARES) {
    const size = Math.min(left, Math.max(1, Math.round((total - top) * share)));
    sizes.push(size);
    left -= size;
  }
  sizes.push(left);
  return sizes.filter((size) => size > 0);
}

function buildTree(rng: Rng, nextId: () => string, total: number): ClassNode[] {
  const nodes: ClassNode[] = [];
  let previous: number[] = [];
  for (const [depth, size] of levelSizes(total).entries()) {
    const current: number[] = [];
    for (let i = 0; i < size; i++) {
      // Each class of the level above gets one child first, then families grow unevenly, as in real data.
      const parent = depth === 0 ? -1 : previous[i < previous.length ? i : Math.floor(previous.length * rng.next() ** 1.6)];
      const parentNode = parent >= 0 ? nodes[parent] : undefined;
      const terms = depth === 0 ? [] : composeTerms(rng, parentNode);
      const label = depth === 0 ? BRANCHES[i % BRANCHES.length] : terms.map(titleCase).join(' ');
      const id = nextId();
      current.push(nodes.length);
      nodes.push({ id, iri: `${BASE_IRI}${id}`, level: depth + 1, parent, branch: parentNode ? parentNode.branch : nodes.length, label, terms });
    }
    previous = current;
  }
  return nodes;
}

/** 2–5 words: a modifier on the parent's head noun, or adjectives and nouns; now and then a place or "&". */
function composeTerms(rng: Rng, parent: ClassNode | undefined): string[] {
  if (parent && parent.level > 1 && rng.chance(0.4)) {
    return [rng.chance(0.6) ? rng.pick(ADJECTIVES) : rng.pick(NOUNS), ...parent.terms.slice(-rng.between(1, 2))];
  }
  const size = rng.pick([2, 2, 3, 3, 3, 3, 4, 4, 5, 5]);
  const adjectives = Math.min(size - 1, rng.int(3));
  const terms: string[] = [];
  for (let i = 0; i < size; i++) terms.push(i < adjectives ? rng.pick(ADJECTIVES) : rng.pick(NOUNS));
  if (rng.chance(0.03)) terms[0] = rng.pick(PLACES);
  if (size >= 3 && rng.chance(0.01)) terms.splice(size - 2, 1, '&');
  return terms;
}

function classBlock(rng: Rng, node: ClassNode, nodes: readonly ClassNode[], levels: readonly number[][]): Block {
  const lines: string[] = [];
  const parents = [node.parent >= 0 ? nodes[node.parent].iri : OWL_THING];
  if (node.level > 1 && rng.chance(0.02)) {
    // The second parent sits higher up, so no path to owl:Thing is longer than the class's own level.
    const other = nodes[rng.pick(levels[rng.int(node.level - 1)])];
    if (other.iri !== parents[0]) parents.push(other.iri);
  }
  for (const parent of parents.sort()) lines.push(`<rdfs:subClassOf rdf:resource="${parent}"/>`);
  if (rng.chance(0.08)) {
    const targets = new Set<string>();
    for (let i = rng.between(1, 2); i > 0; i--) targets.add(nodes[rng.int(nodes.length)].iri);
    targets.delete(node.iri);
    for (const target of [...targets].sort()) {
      lines.push(
        '<rdfs:subClassOf>',
        '    <owl:Restriction>',
        `        <owl:onProperty rdf:resource="${RDFS}seeAlso"/>`,
        `        <owl:someValuesFrom rdf:resource="${target}"/>`,
        '    </owl:Restriction>',
        '</rdfs:subClassOf>',
      );
    }
  }
  const hidden = rng.chance(0.05) ? initials(node.label) : null;
  if (hidden !== null) lines.push(literal('dc:identifier', `${initials(nodes[node.branch].label)}-${hidden}`));
  const act = (): string => `${titleCase(rng.pick(ADJECTIVES))} ${titleCase(rng.pick(SIMPLE_NOUNS))} Act § ${rng.between(1, 99)}(${'abcdef'[rng.int(6)]})`;
  if (rng.chance(0.02)) lines.push(literal('dc:source', act()));
  if (rng.chance(0.02)) lines.push(literal('rdfs:comment', `a grouping of ${rng.pick(NOUNS)} concepts used with ${node.label}`));
  if (rng.chance(0.01)) lines.push(`<rdfs:isDefinedBy rdf:resource="https://glossary.example.org/terms/${node.id}"/>`);
  lines.push(literal('rdfs:label', node.label));
  if (rng.chance(0.0006)) lines.push('<owl:deprecated rdf:datatype="http://www.w3.org/2001/XMLSchema#boolean">true</owl:deprecated>');
  const alternatives: [string, Language | null][] = [];
  if (node.level > 1 && rng.chance(1 / 3)) {
    for (const [language, text] of translations(rng, node)) alternatives.push([text, language]);
  }
  if (rng.chance(0.5)) {
    const plain = new Set<string>();
    for (let i = rng.between(1, 3); i > 0; i--) plain.add(rng.chance(0.2) ? node.label : variant(rng, node));
    for (const text of plain) alternatives.push([text, null]);
  }
  // The OWL API writes annotations of one property sorted by value, then language.
  alternatives.sort((a, b) => compare(a[0], b[0]) || compare(a[1] ?? '', b[1] ?? ''));
  for (const [text, language] of alternatives) lines.push(literal('skos:altLabel', text, language));
  const parentLabel = node.parent >= 0 ? nodes[node.parent].label : null;
  lines.push(literal('skos:definition', definition(rng, node.label, parentLabel)));
  if (rng.chance(0.03)) {
    const examples = Array.from({ length: rng.between(1, 3) }, () => `${titleCase(rng.pick(SIMPLE_NOUNS))} ${titleCase(rng.pick(VERBS))} ${node.label}`);
    for (const example of examples.sort(compare)) lines.push(literal('skos:example', example));
  }
  if (hidden !== null) lines.push(literal('skos:hiddenLabel', hidden));
  if (rng.chance(0.1)) lines.push(literal('skos:prefLabel', rng.chance(0.5) ? node.label : variant(rng, node)));
  return [node.iri, entityBlock(node.iri, 'owl:Class', lines)];
}

/** 3–9 languages, each composed word by word from that language's list; es-mx mostly copies es-es. */
function translations(rng: Rng, node: ClassNode): [Language, string][] {
  const shuffled = LANGUAGES.map((language) => ({ language, key: rng.next() })).sort((a, b) => a.key - b.key);
  return shuffled
    .slice(0, rng.between(3, 9))
    .map(({ language }) => language)
    .map((language): [Language, string] => {
      if (language === 'en-gb') return [language, node.label.replace(/iz(e|ation|ed)/g, 'is$1')];
      if (language === 'es-mx') return [language, translate(TRANSLATION_WORDS['es-es'], node.terms, rng.chance(0.8) ? 0 : 1)];
      return [language, translate(TRANSLATION_WORDS[language], node.terms, 0)];
    });
}

function translate(list: WordList, terms: readonly string[], offset: number): string {
  const words: string[] = [];
  for (const term of terms) {
    if (term === '&') continue;
    const word = PLACES.includes(term) ? term : list.words[(hash(term) + offset) % list.words.length];
    if (words.at(-1) !== word) words.push(word);
  }
  if (list.joiner === 'none') return words.join('');
  if (list.joiner === 'space') return titleCase(words.join(' '));
  // Romance languages put the head noun first: "Cláusula de garantía contrato"; French elides "de" ("d'appel").
  const [head, ...rest] = words.reverse();
  const de = list === TRANSLATION_WORDS['fr-fr'] && /^[aeiouéh]/i.test(rest[0] ?? '') ? "d'" : 'de ';
  return titleCase(rest.length > 0 ? `${head} ${de}${rest.join(' ')}` : head);
}

/** Another way to say the label: "Breach of Contract" for "Contract Breach", a plural, or lower case. */
function variant(rng: Rng, node: ClassNode): string {
  const words = node.label.split(' ');
  switch (rng.int(3)) {
    case 0:
      return words.length > 1 ? `${words.at(-1)} of ${words.slice(0, -1).join(' ')}` : `${node.label} Matter`;
    case 1:
      return `${node.label}s`;
    default:
      return node.label.toLowerCase();
  }
}

function propertyBlock(rng: Rng, iri: string, index: number, iris: readonly string[], nodes: readonly ClassNode[], used: Set<string>): Block {
  const lines: string[] = [];
  const parent = index < 40 || rng.chance(0.5) ? TOP_PROPERTY : iris[rng.int(index)];
  lines.push(`<rdfs:subPropertyOf rdf:resource="${parent}"/>`);
  if (iris.length > 1 && rng.chance(0.15)) {
    const inverse = iris[(index + 1 + rng.int(iris.length - 1)) % iris.length];
    lines.push(`<owl:inverseOf rdf:resource="${inverse}"/>`);
  }
  for (const tag of ['rdfs:domain', 'rdfs:range']) {
    if (!rng.chance(0.4)) continue;
    const targets = new Set(Array.from({ length: rng.between(1, 2) }, () => nodes[rng.int(nodes.length)].iri));
    for (const target of [...targets].sort()) lines.push(`<${tag} rdf:resource="${target}"/>`);
  }
  const label = propertyLabel(rng, used);
  lines.push(literal('rdfs:label', label));
  const spaced = label.replace(/([A-Z])/g, ' $1').toLowerCase();
  const alternatives = new Set<string>([spaced]);
  for (let i = rng.int(3); i > 0; i--) alternatives.add(rng.pick(VERBS));
  const sortedAlternatives = [...alternatives].sort(compare);
  for (const text of sortedAlternatives) lines.push(literal('skos:altLabel', text));
  lines.push(literal('skos:definition', definition(rng, spaced, undefined)));
  const examples = Array.from({ length: rng.int(4) }, () => `${titleCase(rng.pick(SIMPLE_NOUNS))} ${label} ${titleCase(rng.pick(SIMPLE_NOUNS))}`);
  for (const example of examples.sort(compare)) lines.push(literal('skos:example', example));
  const notations = new Set([`folio:${label}`]);
  if (rng.chance(0.3)) notations.add(`folio:${rng.pick(sortedAlternatives).replace(/ (\w)/g, (_, c: string) => c.toUpperCase())}`);
  for (const notation of [...notations].sort(compare)) lines.push(literal('skos:notation', notation));
  if (rng.chance(0.3)) lines.push(literal('skos:prefLabel', rng.pick(sortedAlternatives)));
  return [iri, entityBlock(iri, 'owl:ObjectProperty', lines)];
}

/** camelCase verbs as FOLIO names them: "drafted", "approvedBy", "hasParty", "isTrusteeOf"; unique per document. */
function propertyLabel(rng: Rng, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const noun = titleCase(rng.pick(SIMPLE_NOUNS));
    const options = [
      rng.pick(VERBS),
      `${rng.pick(VERBS)}${rng.pick(['By', 'To', 'With', 'For', 'Under'])}`,
      `has${noun}`,
      `is${noun}${rng.pick(['Of', 'For', 'In'])}`,
    ];
    // After 50 clashes (only with far more properties than FOLIO's) a number keeps the label unique.
    const label = `${options[rng.int(options.length)]}${attempt > 50 ? attempt : ''}`;
    if (used.has(label)) continue;
    used.add(label);
    return label;
  }
}

function header(seed: number): string {
  return `<?xml version="1.0"?>
<rdf:RDF xmlns="${BASE_IRI}"
     xml:base="${BASE_IRI}"
     xmlns:dc="${DC}"
     xmlns:v1="http://www.loc.gov/mads/rdf/v1#"
     xmlns:owl="${OWL}"
     xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
     xmlns:xml="http://www.w3.org/XML/1998/namespace"
     xmlns:xsd="http://www.w3.org/2001/XMLSchema#"
     xmlns:folio="${BASE_IRI}"
     xmlns:rdfs="${RDFS}"
     xmlns:skos="${SKOS}">
    <owl:Ontology rdf:about="${BASE_IRI}">
        <dc:description>FOLIO-shaped synthetic ontology for benchmarks (generated, seed ${seed}); not FOLIO data</dc:description>
        <dc:title>FOLIO-shaped benchmark</dc:title>
    </owl:Ontology>
    


`;
}

function annotationBlocks(ids: readonly string[]): string[] {
  const own: [string, string | null][] = [
    [`${BASE_IRI}${ids[0]}`, 'code'],
    [`${BASE_IRI}${ids[1]}`, 'UUID'],
    [`${BASE_IRI}${ids[2]}`, null],
  ];
  const standard: [string, string | null][] = [
    [`${DC}description`, null],
    [`${DC}identifier`, null],
    [`${DC}source`, null],
    [`${DC}title`, null],
    [`${RDFS}label`, 'rdfs:label'],
    [`${SKOS}altLabel`, null],
    [`${SKOS}definition`, null],
    [`${SKOS}example`, 'skos:example'],
    [`${SKOS}hiddenLabel`, null],
    [`${SKOS}notation`, null],
    [`${SKOS}prefLabel`, null],
  ];
  // As in FOLIO's file, the ontology's own annotation properties come before the standard ones.
  return [...own.sort((a, b) => compare(a[0], b[0])), ...standard].map(([iri, label]) =>
    entityBlock(iri, 'owl:AnnotationProperty', label === null ? [] : [literal('rdfs:label', label)]),
  );
}
