import type { Quad } from '@rdfjs/types';
import type { EntityRecord } from '../schema/records.ts';
import type { ModelEntity } from './ontology-model.ts';
import { buildClassRecord } from './class-record.ts';
import { buildConceptRecord } from './concept-record.ts';
import type { Entity, EntityKind, EntityType } from './entities.ts';
import { buildPropertyRecord } from './property-record.ts';
import type { TripleIndex } from './triple-index.ts';

/**
 * A published entity whose record and triples are worked out when first read: a full build reads them all,
 * an update only those of the few entities it emits or shows again.
 */
export class IndexedEntity implements ModelEntity {
  readonly id: string;
  readonly iri: string;
  readonly kind: EntityKind;
  readonly type: EntityType;
  readonly declarations: number;
  /** The labelled classes that name this one as parent, in declaration order (a class record's parent_class_of). */
  readonly children: readonly string[];
  readonly labelled: boolean;
  // A concept's broader concepts, stated either way (see Hierarchy); a class's are read from the index.
  readonly #parents: readonly string[] | undefined;
  // Dropped once both are made: the index is garbage after a full build has read every entity.
  #index: TripleIndex | undefined;
  #record: EntityRecord | undefined;
  #quads: Quad[] | undefined;

  constructor(entity: Entity, index: TripleIndex, children: readonly string[], labelled: boolean, parents?: readonly string[]) {
    this.id = entity.id;
    this.labelled = labelled;
    this.iri = entity.iri;
    this.kind = entity.kind;
    this.type = entity.type;
    this.declarations = entity.declarations;
    this.children = children;
    this.#parents = parents;
    this.#index = index;
  }

  get record(): EntityRecord {
    if (this.#record === undefined) {
      const index = this.#indexOrFail();
      this.#record =
        this.#parents !== undefined
          ? buildConceptRecord(this.iri, index, this.#parents, this.children)
          : this.kind === 'class'
            ? buildClassRecord(this.iri, index, this.children)
            : buildPropertyRecord(this.iri, index);
      if (this.#quads !== undefined) this.#index = undefined;
    }
    return this.#record;
  }

  /** The named classes this one is a subclass of (a class record's sub_class_of), read without making the record. */
  get superclasses(): readonly string[] {
    if (this.#parents !== undefined) return this.#parents;
    if (this.kind !== 'class') return [];
    if (this.#record !== undefined && 'sub_class_of' in this.#record) return this.#record.sub_class_of;
    return this.#indexOrFail().summary(this.iri)?.superclasses ?? [];
  }

  /** The entity's source triples with the blank nodes they reach: what JSON-LD and RDF/XML publish. */
  get quads(): Quad[] {
    if (this.#quads === undefined) {
      this.#quads = this.#indexOrFail().closure(this.iri);
      if (this.#record !== undefined) this.#index = undefined;
    }
    return this.#quads;
  }

  #indexOrFail(): TripleIndex {
    if (this.#index === undefined) throw new Error(`internal error: ${this.iri} lost its triples`);
    return this.#index;
  }
}
