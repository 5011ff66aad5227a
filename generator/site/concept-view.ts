import type { ModelEntity } from '../model/ontology-model.ts';
import { typeInfo } from '../model/entities.ts';
import { SKOS_CONCEPT } from '../model/vocabulary.ts';
import { TREE_FOLDER, type Format } from '../route/router.ts';
import { entityJsonLd, type SiteModel } from './site-model.ts';

/** A related entity: a link to its page when it is published here, its IRI otherwise. */
export interface RelatedLink {
  text: string;
  href?: string;
}

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
  /** Term and value pairs of the Labels section. */
  labelTerms: [string, string][];
  alternativeLabels: string[];
  translations: [string, string][];
  examples: string[];
  notes: string[];
  /** Term and value pairs of the More section. */
  moreTerms: [string, string][];
  related: { heading: string; links: RelatedLink[] }[];
  definedBy: string | null;
  downloads: Download[];
  treeHref: string | null;
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
  const linksTo = (iris: readonly string[]): RelatedLink[] =>
    iris.map((iri) => {
      const target = model.entityByIri(iri);
      return target ? { text: target.record.label ?? target.id, href: router.pageLinkPath(target.id) } : { text: iri };
    });
  const terms = (pairs: [string, string | null][]): [string, string][] => pairs.filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '');
  const downloads = router
    .publishedFormats(entity.id)
    .map((spec) => ({ label: DOWNLOAD_LABELS[spec.format], href: router.formatLinkPath(entity.id, spec.format), url: router.urlPath(entity.id, spec.format) }));
  const common = {
    title,
    iri: entity.iri,
    definition: record.definition,
    alternativeLabels: record.alternative_labels,
    examples: record.examples,
    downloads,
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
      labelTerms: terms([['Preferred label', record.preferred_label]]),
      translations: [],
      notes: [],
      moreTerms: [],
      related: related.filter(([, iris]) => iris.length > 0).map(([heading, iris]) => ({ heading, links: linksTo(iris) })),
      definedBy: null,
      treeHref: null,
    };
  }
  const concept = entity.type === SKOS_CONCEPT;
  const related = [
    [concept ? 'Broader' : 'Parents', record.sub_class_of],
    [concept ? 'Narrower' : 'Children', record.parent_class_of],
    ['See also', record.see_also],
  ] as const;
  return {
    ...common,
    kind: capitalized(typeInfo(entity.type).name),
    branch: site.branchOf.get(entity.iri) ?? title,
    deprecated: record.deprecated,
    labelTerms: terms([
      ['Preferred label', record.preferred_label],
      ['Hidden label', record.hidden_label],
      ['Identifier', record.identifier],
    ]),
    translations: Object.entries(record.translations).sort(([a], [b]) => (a < b ? -1 : 1)),
    notes: record.notes,
    moreTerms: terms([
      ['Comment', record.comment],
      ['History note', record.history_note],
      ['Editorial note', record.editorial_note],
      ['Source', record.source],
      ['Country', record.country],
    ]),
    related: related.filter(([, iris]) => iris.length > 0).map(([heading, iris]) => ({ heading, links: linksTo(iris) })),
    definedBy: record.is_defined_by,
    treeHref: `${router.basePath}/${TREE_FOLDER}/?id=${encodeURIComponent(entity.id)}`,
  };
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
