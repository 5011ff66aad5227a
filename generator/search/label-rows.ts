import { joinedLabels, splitLabels } from './joined-labels.ts';
import type { SearchLabel } from './search-label.ts';

/**
 * Each search entity's labels, by its number. An update's kept entities hold theirs as the memo joined them (see
 * joinLabels) until something reads them: a one-label update reads a few hundred of 18,500, and making them all
 * (63,000 labels, their texts cut from the joined ones) was half its search source and ten megabytes it kept.
 */
export class LabelRows {
  readonly length: number;
  readonly #rows: (readonly SearchLabel[] | undefined)[];
  readonly #joined: (entity: number) => string;
  readonly #make: (entity: number, normalized: string[], primary: boolean) => readonly SearchLabel[];

  /**
   * `rows`: each entity's labels, or undefined where they are kept joined; `joined`: those; `make`: the labels of
   * an entity kept joined, from their normalised texts and whether the first is its primary label.
   */
  constructor(
    rows: (readonly SearchLabel[] | undefined)[],
    joined: (entity: number) => string,
    make: (entity: number, normalized: string[], primary: boolean) => readonly SearchLabel[],
  ) {
    this.length = rows.length;
    this.#rows = rows;
    this.#joined = joined;
    this.#make = make;
  }

  /** Labels all in hand (a full build's). */
  static of(rows: readonly (readonly SearchLabel[])[]): LabelRows {
    return new LabelRows(
      [...rows],
      () => '',
      () => [],
    );
  }

  at(entity: number): readonly SearchLabel[] {
    let row = this.#rows[entity];
    if (row === undefined) {
      const { normalized, primary } = splitLabels(this.#joined(entity));
      row = this.#make(entity, normalized, primary);
      this.#rows[entity] = row;
    }
    return row;
  }

  /**
   * The entity's labels' normalised texts, and which is primary, without keeping what is read: the label index reads
   * those of every label its changed files list (6,500 entities for one label edited).
   */
  texts(entity: number): readonly { normalized: string; primary: boolean }[] {
    const joined = this.unread(entity);
    return joined === undefined ? this.at(entity) : joinedLabels(joined);
  }

  /** The entity's labels as the memo joins them where none has read them yet, to be walked in place; otherwise undefined. */
  unread(entity: number): string | undefined {
    return this.#rows[entity] === undefined ? this.#joined(entity) : undefined;
  }

  /** Every entity's labels (read where they are kept joined), as plain data for another thread. */
  all(): (readonly SearchLabel[])[] {
    return Array.from({ length: this.length }, (_, entity) => this.at(entity));
  }
}
