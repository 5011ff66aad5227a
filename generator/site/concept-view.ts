import type { ModelEntity } from '../model/ontology-model.ts';
import { typeInfo } from '../model/entities.ts';
import { SKOS_CONCEPT } from '../model/vocabulary.ts';
import { ASSETS_FOLDER, type Format } from '../route/router.ts';
import { neighbourhoodGraph, type NeighbourhoodGraph } from './neighbourhood-graph.ts';
import { entityJsonLd, type SiteModel } from './site-model.ts';
import { treeFileLink, treePageLink } from './tree.ts';

/** A related entity: a link to its page when it is published here, its IRI otherwise; a class's number of children. */
export interface RelatedLink {
  text: string;
  href?: string;
  count?: number;
}

/** A section of related entities; past MOST_LINKS of them, the first few and a link to them all. */
export interface RelatedSection {
  heading: string;
  links: RelatedLink[];
  more?: { count: number; href: string };
}

/** A translation: its language tag and name, the label, and the direction its script runs in. */
export interface Translation {
  tag: string;
  language: string;
  label: string;
  dir: 'ltr' | 'rtl';
}

/** The most related entities a section lists before "all N": FOLIO's largest classes have hundreds of children. */
export const MOST_LINKS = 50;

export interface Download {
  label: string;
  href: string;
  url: string;
}

/** Everything a concept page shows, worked out once so the template is a plain walk over lists. */
export interface ConceptView {
  title: string;
  /** What the term is: "Class", "Concept", "Object property", "Datatype property"… */
  kind: string;
  /** The full-text filter value: the top-level class the concept descends from. */
  branch: string;
  deprecated: boolean;
  iri: string;
  definition: string | null;
  /** Every path from the root to the entity's parents, each a list of links, the root first. */
  trails: RelatedLink[][];
  /** The picture of its ancestors, children and see-also (classes and concepts). */
  graph?: NeighbourhoodGraph;
  /** Its first parent's other children, loaded when asked for: the parent's tree file, and how many there are. */
  siblings?: { self: string; label: string; file: string; count: number; treeHref: string };
  /** Term and value pairs of the Labels section. */
  labelTerms: [string, string][];
  alternativeLabels: string[];
  translations: Translation[];
  examples: string[];
  notes: string[];
  /** Term and value pairs of the More section. */
  moreTerms: [string, string][];
  related: RelatedSection[];
  definedBy: string | null;
  downloads: Download[];
  treeHref: string | null;
  /** How to cite the term: its label, the ontology's title and version, the IRI. */
  cite: string;
  /** The page's script (the copy button), a module the page works without. */
  script: string;
  /** The page's own URL, as search engines and shared links should name it (`/{id}/html`). */
  canonical: string;
  jsonld: string;
}

const DOWNLOAD_LABELS: Record<Format, string> = {
  json: 'JSON record',
  jsonld: 'JSON-LD',
  xml: 'OWL (RDF/XML)',
  ttl: 'Turtle',
  nt: 'N-Triples',
  markdown: 'Markdown',
};

export function conceptView(entity: ModelEntity, site: SiteModel): ConceptView {
  const { router, model } = site;
  const record = entity.record;
  const title = record.label ?? entity.id;
  const linkTo = (target: ModelEntity): RelatedLink => {
    const children = 'parent_class_of' in target.record ? target.record.parent_class_of.length : 0;
    return { text: target.record.label ?? target.id, href: router.pageLinkPath(target.id), ...(children > 0 ? { count: children } : {}) };
  };
  const linksTo = (iris: readonly string[]): RelatedLink[] =>
    iris.map((iri) => {
      const target = model.entityByIri(iri);
      return target ? linkTo(target) : { text: iri };
    });
  const section = (heading: string, links: RelatedLink[], allHref: string | null): RelatedSection =>
    links.length > MOST_LINKS && allHref ? { heading, links: links.slice(0, MOST_LINKS), more: { count: links.length, href: allHref } } : { heading, links };
  const entitiesSection = (heading: string, entities: readonly ModelEntity[] | undefined) =>
    entities && entities.length > 0 ? [section(heading, byText(entities.map(linkTo)), null)] : [];
  const terms = (pairs: [string, string | null][]): [string, string][] => pairs.filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '');
  const downloads = router
    .publishedFormats(entity.id)
    .map((spec) => ({ label: DOWNLOAD_LABELS[spec.format], href: router.formatLinkPath(entity.id, spec.format), url: router.urlPath(entity.id, spec.format) }));
  const ontology = [model.info.title, model.info.version && `version ${model.info.version}`].filter(Boolean).join(', ');
  const common = {
    title,
    iri: entity.iri,
    definition: record.definition,
    alternativeLabels: record.alternative_labels,
    examples: record.examples,
    downloads,
    cite: `${title}. ${ontology ? `In: ${ontology}. ` : ''}${entity.iri}`,
    script: `${router.basePath}/${ASSETS_FOLDER}/concept.js`,
    canonical: `${router.origin}${router.pageUrlPath(entity.id)}`,
    jsonld: entityJsonLd(entity),
  };
  if (!('sub_class_of' in record)) {
    const related = [
      ['Sub-property of', record.sub_property_of],
      ['Domain', record.domain],
      ['Range', record.range],
      ['Inverse of', record.inverse_of ? [record.inverse_of] : []],
    ] as const;
    return {
      ...common,
      kind: capitalized(typeInfo(entity.type).name),
      branch: capitalized(typeInfo(entity.type).plural),
      deprecated: false,
      trails: [],
      labelTerms: terms([['Preferred label', record.preferred_label]]),
      translations: [],
      notes: [],
      moreTerms: [],
      related: [
        ...related.filter(([, iris]) => iris.length > 0).map(([heading, iris]) => section(heading, linksTo(iris), null)),
        ...entitiesSection('Sub-properties', site.subPropertiesOf.get(entity.iri)),
      ],
      definedBy: null,
      treeHref: null,
    };
  }
  const concept = entity.type === SKOS_CONCEPT;
  const treeHref = treePageLink(router, entity.id);
  const children = byText(linksTo(record.parent_class_of));
  const seeAlso = linksTo(record.see_also);
  const related = [
    [concept ? 'Broader' : 'Parents', linksTo(record.sub_class_of)],
    [concept ? 'Narrower' : 'Children', children],
    ['See also', seeAlso],
  ] as const;
  const paths = site.trails.of(entity.iri).map((path) => linksTo(path.slice(0, -1)));
  // A top-level class's one path is itself: no breadcrumbs.
  const trails = paths.some((trail) => trail.length > 0) ? paths : [];
  const graph = neighbourhoodGraph({ title, trails, children, seeAlso, treeHref });
  const parent = record.sub_class_of.map((iri) => model.entityByIri(iri)).find((found) => found !== undefined);
  const others = parent && 'parent_class_of' in parent.record ? parent.record.parent_class_of.length - 1 : 0;
  const siblings =
    parent && others > 0
      ? {
          self: entity.id,
          label: parent.record.label ?? parent.id,
          file: treeFileLink(router, parent.id),
          count: others,
          treeHref: treePageLink(router, parent.id),
        }
      : undefined;
  return {
    ...common,
    ...(graph ? { graph } : {}),
    ...(siblings ? { siblings } : {}),
    kind: capitalized(typeInfo(entity.type).name),
    branch: site.branchOf.get(entity.iri) ?? title,
    deprecated: record.deprecated,
    trails,
    labelTerms: terms([
      ['Preferred label', record.preferred_label],
      ['Hidden label', record.hidden_label],
      ['Identifier', record.identifier],
    ]),
    translations: Object.entries(record.translations)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([tag, label]) => ({ tag, language: languageName(tag), label, dir: directionOf(tag) })),
    notes: record.notes,
    moreTerms: terms([
      ['Comment', record.comment],
      ['History note', record.history_note],
      ['Editorial note', record.editorial_note],
      ['Source', record.source],
      ['Country', record.country],
    ]),
    related: [
      ...related.filter(([, links]) => links.length > 0).map(([heading, links]) => section(heading, links, treeHref)),
      ...entitiesSection('Properties with this domain', site.domainOf.get(entity.iri)),
      ...entitiesSection('Properties with this range', site.rangeOf.get(entity.iri)),
    ],
    definedBy: record.is_defined_by,
    treeHref,
  };
}

/** Links sorted by their text, case aside (code-point order: the same bytes on every machine). */
function byText(links: RelatedLink[]): RelatedLink[] {
  const key = (link: RelatedLink) => link.text.toLowerCase();
  return links.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });
const languageNames = new Map<string, string>();

/** A language tag's English name ("Hebrew", "Persian (Iran)"), or the tag where it names none. */
function languageName(tag: string): string {
  let name = languageNames.get(tag);
  if (name === undefined) {
    try {
      name = LANGUAGE_NAMES.of(tag) ?? tag;
    } catch {
      name = tag;
    }
    languageNames.set(tag, name);
  }
  return name;
}

type TextInfo = { direction?: string };

/** The direction the language's script runs in, as ICU knows it (Hebrew and Arabic right to left). */
function directionOf(tag: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & { getTextInfo?(): TextInfo; textInfo?: TextInfo };
    return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
