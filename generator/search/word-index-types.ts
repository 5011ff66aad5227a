// What the label and definition indexes' modules share: the entities and labels they are made from, the label
// index's options, and a label as a list holds it.

/** An entity as both word indexes list it: its id, and whether it is a property. */
export interface IndexedEntity {
  id: string;
  property: boolean;
}

/** One label of an entity: its normalised text, and whether it is the entity's rdfs:label. */
export interface IndexedLabel {
  normalized: string;
  primary: boolean;
}

export interface LabelIndexOptions {
  /** A word's list keeps this many labels at most, under its own key; a word in more is busy. */
  mostPerWord: number;
  /** The same list in the files of the keys a typo in its first letters gives keeps fewer. */
  mostPerVariant: number;
  /** A list of the labels holding two busy words keeps this many. */
  mostPerPair: number;
  /** Labels a key lists at most, roughly: the words of a beginning that would list more are keyed by a letter more. */
  mostPerKey: number;
  /** Labels a file lists at most, roughly: past it, typo forms' and pairs' lists are cut (see fileShares). */
  mostPerFile: number;
  /** Labels per file, roughly, that the file count aims at. */
  labelsPerFile: number;
}

/** A label as a list holds it. */
export interface Posting {
  entity: number;
  label: string;
  primary: boolean;
  /** The label's number of distinct words. */
  words: number;
}
