import type { ModelEntity } from '../model/ontology-model.ts';
import type { EntityKind, SearchEntity } from './core/search-core.js';

/**
 * An entity an update did not reach, searched for with the previous build's data: its fields are read from
 * the model only when a file that shows it is rendered again, so the others' records are never made.
 */
export class KeptSearchEntity implements SearchEntity {
  readonly kind: EntityKind;
  readonly iri: string;
  readonly #model: ModelEntity;
  readonly #make: (model: ModelEntity) => SearchEntity;
  #entity: SearchEntity | undefined;

  /** `make`: the entity's search fields, as a fresh build reads them from the model. */
  constructor(model: ModelEntity, make: (model: ModelEntity) => SearchEntity) {
    this.kind = model.kind;
    this.iri = model.iri;
    this.#model = model;
    this.#make = make;
  }

  get label(): string | null {
    return this.#fields().label;
  }

  get preferred_label(): string | null {
    return this.#fields().preferred_label;
  }

  get alternative_labels(): string[] {
    return this.#fields().alternative_labels;
  }

  get definition(): string | null {
    return this.#fields().definition;
  }

  get extra_labels(): string[] {
    return this.#fields().extra_labels;
  }

  #fields(): SearchEntity {
    return (this.#entity ??= this.#make(this.#model));
  }
}
