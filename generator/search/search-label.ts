// What the index is built from, apart from the code that builds it (shared by the node expansion and the rankers).

export interface RankedLists {
  class: number[];
  property: number[];
}

export interface SearchLabel {
  original: string;
  normalized: string;
  primary: boolean;
}

/** Where a label can be found from: the label from one of its word starts on (not cut out, to save memory). */
export interface Suffix {
  /** The whole normalised label. */
  source: string;
  /** Where in it the suffix starts (0: the whole label). */
  offset: number;
  entity: number;
  /** Which of the entity's search labels. */
  label: number;
}
