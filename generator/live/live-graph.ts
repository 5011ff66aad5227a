// The model as the live service's code (folio-python behind folio-api) reads it: the classes and object properties
// by IRI, in document order, with its rules for finding one by IRI, by id or by a legacy prefix. Records are read
// as they are asked for, so an update makes only those of the entities whose answers it makes again.
import type { BranchSetting, ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import type { ClassRecord, PropertyRecord } from '../schema/records.ts';

export const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';
export const OWL_TOP_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#topObjectProperty';
const OWL_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#ObjectProperty';
// Prefixes the live service strips before it looks an IRI up (folio-python's normalize_iri).
const LEGACY_PREFIXES = ['folio:', 'soli:', 'lmss:', 'http://lmss.sali.org/'];

// One graph per model: each part of a build that answers for the live service (its files, the update's reach,
// openapi.json's examples) reads the same records and lists.
const graphs = new WeakMap<OntologyModel, LiveGraph>();

export class LiveGraph {
  readonly baseIri: string;
  readonly title: string | null;
  readonly description: string | null;
  /** The taxonomy's branches as configured, if they are. */
  readonly branchSettings: readonly BranchSetting[] | undefined;
  readonly #model: OntologyModel;
  // Declared classes that are not published (owl:Thing, classes outside the base IRI), made when first asked for.
  readonly #unpublished = new Map<string, ClassRecord | undefined>();
  #properties: { list: readonly PropertyRecord[]; byIri: ReadonlyMap<string, PropertyRecord> } | undefined;
  #classes: readonly ClassRecord[] | undefined;
  #classCount: number | undefined;

  /** The model's graph, made once. */
  static of(model: OntologyModel): LiveGraph {
    let graph = graphs.get(model);
    if (!graph) graphs.set(model, (graph = new LiveGraph(model)));
    return graph;
  }

  constructor(model: OntologyModel) {
    this.baseIri = model.baseIri;
    this.title = model.info.title;
    this.description = model.info.description;
    this.branchSettings = model.branches;
    this.#model = model;
  }

  /** Every class (and SKOS concept) the live service holds, in document order: none without a label but owl:Thing. */
  get classes(): readonly ClassRecord[] {
    this.#classes ??= this.#model.classIris().flatMap((iri) => this.#classAt(iri) ?? []);
    return this.#classes;
  }

  /** The IRIs of the classes `classes` holds, in its order, found without making their records. */
  classIris(): string[] {
    return this.#model.classIris().filter((iri) => {
      const entity = this.#model.entityByIri(iri);
      return entity ? this.holdsClass(entity) : this.#classAt(iri) !== undefined;
    });
  }

  /** How many classes `classes` holds, counted without making their records. */
  classCount(): number {
    // Asked for by the health file and by openapi.json's example of it.
    if (this.#classCount !== undefined) return this.#classCount;
    let count = 0;
    for (const iri of this.#model.classIris()) {
      const entity = this.#model.entityByIri(iri);
      if (entity ? entity.labelled : this.#classAt(iri) !== undefined) count += 1;
    }
    this.#classCount = count;
    return count;
  }

  /** Every object property with a label, in document order: the live service reads no other kind of property. */
  get properties(): readonly PropertyRecord[] {
    return this.#propertyTable().list;
  }

  /** The class an IRI, id or prefixed name stands for (folio-python's `folio[iri]`). */
  classOf(iri: string): ClassRecord | undefined {
    return this.#classAt(this.normalize(iri));
  }

  /** The object property an IRI, id or prefixed name stands for (folio-python's `get_property`). */
  propertyOf(iri: string): PropertyRecord | undefined {
    return this.#propertyTable().byIri.get(this.normalize(iri));
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

  /** The published entity an IRI names, or undefined. */
  entity(iri: string): ModelEntity | undefined {
    return this.#model.entityByIri(iri);
  }

  /** The id a class is published under (its record at `/{id}`), or undefined for a class the build does not publish. */
  publishedId(iri: string): string | undefined {
    return this.#model.entityByIri(iri)?.id;
  }

  /** Whether `/{id}` answers the entity's record: not where the site's own files take that path. */
  hasRecordFile(id: string): boolean {
    return !this.#model.recordless.has(id);
  }

  /** Whether a published entity is a class the live service holds (labelled), known without its record. */
  holdsClass(entity: ModelEntity): boolean {
    return entity.kind === 'class' && entity.labelled;
  }

  #classAt(iri: string): ClassRecord | undefined {
    const entity = this.#model.entityByIri(iri);
    if (entity) return this.holdsClass(entity) ? (entity.record as ClassRecord) : undefined;
    if (!this.#unpublished.has(iri)) {
      const record = this.#model.unpublishedClass(iri);
      this.#unpublished.set(iri, record && (record.label !== null || iri === OWL_THING) ? record : undefined);
    }
    return this.#unpublished.get(iri);
  }

  #propertyTable(): { list: readonly PropertyRecord[]; byIri: ReadonlyMap<string, PropertyRecord> } {
    if (this.#properties === undefined) {
      const list = this.#model.entities.flatMap((entity) => (entity.type === OWL_OBJECT_PROPERTY && entity.labelled ? [entity.record as PropertyRecord] : []));
      this.#properties = { list, byIri: new Map(list.map((record) => [record.iri, record])) };
    }
    return this.#properties;
  }
}

function lastSegment(iri: string): string {
  return iri.replace(/\/+$/, '').split('/').pop() ?? iri;
}
