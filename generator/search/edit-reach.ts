import { codePointLength } from './core/search-core.js';
import { firstCharacter } from './expand-nodes.ts';
import { wordSuffixes } from './word-starts.ts';

/** A search label as the reach of an edit compares them: its normalised text, and whether it is the primary one. */
export interface ComparedLabel {
  normalized: string;
  primary: boolean;
}

/**
 * Which prefixes of the index an update reaches. A changed entity is shown by the nodes under every word of its
 * labels, before and after the edit: their files are written again. Only under the words of the labels added,
 * removed or changed (every label, when its kind changed) can a node's lists change, since an entity ranks for
 * a query by the labels that match it alone: only those nodes are worked out again. An edit of a definition, or
 * of one label of an entity labelled in nine languages, ranks far fewer prefixes than it shows.
 */
export class EditReach {
  // Every start of every word, so asking about a prefix (thousands of times an update) is one lookup.
  readonly #shown = new Set<string>();
  readonly #ranked = new Set<string>();
  readonly #firsts = new Set<string>();

  /** An entity changed, added (no labels before) or removed (none after). */
  add(before: readonly ComparedLabel[], after: readonly ComparedLabel[], kindChanged: boolean): void {
    for (const label of [...before, ...after]) for (const word of wordSuffixes(label.normalized)) addStarts(this.#shown, word);
    const key = (label: ComparedLabel) => `${label.primary ? 1 : 0}${label.normalized}`;
    const unchanged = kindChanged ? new Set<string>() : commonKeys(before.map(key), after.map(key));
    for (const label of [...before, ...after]) {
      if (unchanged.has(key(label))) continue;
      for (const word of wordSuffixes(label.normalized)) this.rank(word);
    }
  }

  /** Marks a prefix, and those before it, as worked out again. */
  rank(prefix: string): void {
    addStarts(this.#ranked, prefix);
    this.#firsts.add(firstCharacter(prefix));
  }

  /** Whether the node at `prefix` may rank differently: it is worked out again. */
  ranks(prefix: string): boolean {
    return this.#ranked.has(prefix);
  }

  /** Whether the node at `prefix` may show a changed entity: its file is written again. */
  shows(prefix: string): boolean {
    return this.#shown.has(prefix);
  }

  /** The first characters of the prefixes worked out again. */
  get firstCharacters(): string[] {
    return [...this.#firsts];
  }

  /** The prefixes of two characters (code points) worked out again. */
  get twoCharacterPrefixes(): string[] {
    return [...this.#ranked].filter((prefix) => codePointLength(prefix) === 2);
  }
}

function addStarts(starts: Set<string>, word: string): void {
  for (let length = 1; length <= word.length; length += 1) starts.add(word.slice(0, length));
}

/** The keys both lists hold, counted: a label held twice before and once after has changed. */
function commonKeys(before: readonly string[], after: readonly string[]): Set<string> {
  const count = (keys: readonly string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
  const [was, is] = [count(before), count(after)];
  return new Set([...was].filter(([key, times]) => is.get(key) === times).map(([key]) => key));
}
