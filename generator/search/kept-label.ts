import { searchLabels } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';
import type { SearchLabel } from './expand-nodes.ts';

/** A kept entity's search label, normalised as the previous build did; the label as written is read when asked for. */
export class KeptLabel implements SearchLabel {
  readonly normalized: string;
  readonly primary: boolean;
  readonly #entity: SearchEntity;
  readonly #at: number;

  constructor(normalized: string, primary: boolean, entity: SearchEntity, at: number) {
    this.normalized = normalized;
    this.primary = primary;
    this.#entity = entity;
    this.#at = at;
  }

  get original(): string {
    return searchLabels(this.#entity)[this.#at].original;
  }
}
