// Namespaces and terms the generator reads or writes; one place so spellings never drift.
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  v1: 'http://www.loc.gov/mads/rdf/v1#',
} as const;

export type Prefix = keyof typeof NS;

export const RDF_TYPE = `${NS.rdf}type`;
export const RDF_LANG_STRING = `${NS.rdf}langString`;
export const XSD_STRING = `${NS.xsd}string`;
export const XSD_BOOLEAN = `${NS.xsd}boolean`;
export const OWL_CLASS = `${NS.owl}Class`;
export const OWL_OBJECT_PROPERTY = `${NS.owl}ObjectProperty`;
export const OWL_DATATYPE_PROPERTY = `${NS.owl}DatatypeProperty`;
export const OWL_ANNOTATION_PROPERTY = `${NS.owl}AnnotationProperty`;
export const RDF_PROPERTY = `${NS.rdf}Property`;
export const RDFS_CLASS = `${NS.rdfs}Class`;
export const SKOS_CONCEPT = `${NS.skos}Concept`;
export const OWL_THING = `${NS.owl}Thing`;
export const OWL_RESTRICTION = `${NS.owl}Restriction`;
export const OWL_ONTOLOGY = `${NS.owl}Ontology`;

export const P = {
  label: `${NS.rdfs}label`,
  subClassOf: `${NS.rdfs}subClassOf`,
  subPropertyOf: `${NS.rdfs}subPropertyOf`,
  isDefinedBy: `${NS.rdfs}isDefinedBy`,
  seeAlso: `${NS.rdfs}seeAlso`,
  comment: `${NS.rdfs}comment`,
  domain: `${NS.rdfs}domain`,
  range: `${NS.rdfs}range`,
  deprecated: `${NS.owl}deprecated`,
  inverseOf: `${NS.owl}inverseOf`,
  onProperty: `${NS.owl}onProperty`,
  someValuesFrom: `${NS.owl}someValuesFrom`,
  prefLabel: `${NS.skos}prefLabel`,
  altLabel: `${NS.skos}altLabel`,
  hiddenLabel: `${NS.skos}hiddenLabel`,
  definition: `${NS.skos}definition`,
  example: `${NS.skos}example`,
  note: `${NS.skos}note`,
  historyNote: `${NS.skos}historyNote`,
  editorialNote: `${NS.skos}editorialNote`,
  inScheme: `${NS.skos}inScheme`,
  broader: `${NS.skos}broader`,
  narrower: `${NS.skos}narrower`,
  related: `${NS.skos}related`,
  scopeNote: `${NS.skos}scopeNote`,
  changeNote: `${NS.skos}changeNote`,
  notation: `${NS.skos}notation`,
  // schema.org states a property's domain and range so, under either scheme (not a prefix every JSON-LD context names).
  domainIncludes: 'https://schema.org/domainIncludes',
  rangeIncludes: 'https://schema.org/rangeIncludes',
  domainIncludesHttp: 'http://schema.org/domainIncludes',
  rangeIncludesHttp: 'http://schema.org/rangeIncludes',
  identifier: `${NS.dc}identifier`,
  description: `${NS.dc}description`,
  source: `${NS.dc}source`,
  title: `${NS.dc}title`,
  country: `${NS.v1}country`,
} as const;
