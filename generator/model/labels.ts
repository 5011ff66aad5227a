import type { Literal } from '@rdfjs/types';

/** An entity's rdfs:label literals, as they come, and which of them is its `label`. */
export interface ChosenLabel {
  label: string | null;
  /** The other labels with a language tag, by language (the last of each), for `translations`. */
  translations: Record<string, string>;
}

// English, or no language at all, is what the live service's clients show; the last of a kind wins, as there.
const PREFERENCE: readonly ((language: string) => boolean)[] = [
  (language) => language === '',
  (language) => language.toLowerCase() === 'en',
  (language) => language.toLowerCase().startsWith('en-'),
  () => true,
];

/**
 * The record's `label` of an entity with labels in several languages (DBpedia's have a dozen): the last
 * untagged one, else the last in English (`en`, then `en-…`), else the last of all; the others with a language
 * tag become translations. With one label, as every FOLIO entity has, that label.
 */
export function chooseLabel(labels: readonly Literal[]): ChosenLabel {
  let chosen: Literal | undefined;
  for (const accepts of PREFERENCE) {
    chosen = labels.findLast((label) => accepts(label.language));
    if (chosen) break;
  }
  const translations: Record<string, string> = {};
  for (const label of labels) if (label !== chosen && label.language !== '') translations[label.language] = label.value;
  return { label: chosen?.value ?? null, translations };
}
