// The model as the live service's code (folio-python behind folio-api) reads it: the classes and object properties
// by IRI, in document order, with its rules for finding one by IRI, by id or by a legacy prefix.
import type { OntologyModel } from '../model/ontology-model.ts';
import type { ClassRecord, PropertyRecord } from '../schema/records.ts';

export const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';
export const OWL_TOP_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#topObjectProperty';
const OWL_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#ObjectProperty';
// Prefixes the live service strips before it looks an IRI up (folio-python's normalize_iri).
const LEGACY_PREFIXES = ['folio:', 'soli:', 'lmss:', 'http://lmss.sali.org/'];

export class LiveGraph {
  readonly baseIri: string;
  readonly title: string | null;
  readonly description: string | null;
  /** Every class (and SKOS concept), in document order. */
  readonly classes: readonly ClassRecord[];
  /** Every object property, in document order: the live service reads no other kind of property. */
  readonly properties: readonly PropertyRecord[];
  readonly #classes: ReadonlyMap<string, ClassRecord>;
  readonly #properties: ReadonlyMap<string, PropertyRecord>;

  constructor(model: OntologyModel) {
    this.baseIri = model.baseIri;
    this.title = model.info.title;
    this.description = model.info.description;
    // Every declared class, published or not, as the live service reads them; none without a label but owl:Thing.
    const published = new Map(model.entities.map((entity) => [entity.iri, entity]));
    this.classes = model.classIris().flatMap((iri) => {
      const entity = published.get(iri);
      const record = entity ? (entity.record as ClassRecord) : model.unpublishedClass(iri);
      return record && (record.label !== null || iri === OWL_THING) ? [record] : [];
    });
    this.properties = model.entities.flatMap((entity) =>
      entity.type === OWL_OBJECT_PROPERTY && entity.record.label !== null ? [entity.record as PropertyRecord] : [],
    );
    this.#classes = new Map(this.classes.map((record) => [record.iri, record]));
    this.#properties = new Map(this.properties.map((record) => [record.iri, record]));
  }

  /** The class an IRI, id or prefixed name stands for (folio-python's `folio[iri]`). */
  classOf(iri: string): ClassRecord | undefined {
    return this.#classes.get(this.normalize(iri));
  }

  /** The object property an IRI, id or prefixed name stands for (folio-python's `get_property`). */
  propertyOf(iri: string): PropertyRecord | undefined {
    return this.#properties.get(this.normalize(iri));
  }

  /** The first object property with this label or preferred label, in document order (`get_properties_by_label`). */
  propertyLabelled(label: string): PropertyRecord | undefined {
    return this.properties.find((property) => property.label === label || property.preferred_label === label);
  }

  /** An IRI as the live service looks it up: under the base IRI as it is; an id, or a legacy prefixed name, put under it. */
  normalize(iri: string): string {
    if (iri.startsWith(this.baseIri)) return iri;
    let local = iri;
    for (const prefix of LEGACY_PREFIXES) if (local.startsWith(prefix)) local = local.slice(prefix.length);
    return local.includes('/') ? local : `${this.baseIri}${local}`;
  }

  /** A class by the identifier a taxonomy URL holds: the IRI, its last segment, the id under the base IRI, or an IRI ending in it. */
  resolveClass(identifier: string): ClassRecord | undefined {
    const direct = this.classOf(identifier);
    if (direct) return direct;
    const found = identifier.startsWith('http') ? this.classOf(lastSegment(identifier)) : this.classOf(`${this.baseIri}${identifier}`);
    return found ?? this.classes.find((record) => record.iri.endsWith(identifier) || identifier.endsWith(record.iri));
  }

  /** A class or else an object property by the identifier the explorer's URLs hold (its IRI, last segment, or id). */
  resolveEntity(identifier: string): { record: ClassRecord; type: 'class' } | { record: PropertyRecord; type: 'property' } | undefined {
    const candidates = [identifier, identifier.startsWith('http') ? lastSegment(identifier) : `${this.baseIri}${identifier}`];
    for (const candidate of candidates) {
      const record = this.classOf(candidate);
      if (record) return { record, type: 'class' };
      const property = this.propertyOf(candidate);
      if (property) return { record: property, type: 'property' };
    }
    return undefined;
  }

  /** The classes a class lists as its children that the graph holds, in its order. */
  childrenOf(record: ClassRecord): ClassRecord[] {
    return record.parent_class_of.flatMap((iri) => this.classOf(iri) ?? []);
  }

  /** The object properties that name a property as their parent, in document order (once for each time they name it). */
  subPropertiesOf(record: PropertyRecord): PropertyRecord[] {
    return this.properties.flatMap((property) => property.sub_property_of.filter((parent) => parent === record.iri).map(() => property));
  }
}

function lastSegment(iri: string): string {
  return iri.replace(/\/+$/, '').split('/').pop() ?? iri;
}
