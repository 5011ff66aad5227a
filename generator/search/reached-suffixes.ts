// The word-start suffixes an update's index walk needs, found without listing every suffix of every label: those
// under the two-character prefixes the edit reaches, and under the first characters it reaches whose previous node
// cannot stand for them, gathered in one pass over the labels; those under any other prefix searched for when first
// asked (a node the previous build's nodes cannot stand for).
import type { SearchLabel, Suffix } from './search-label.ts';
import { nextWordStart, wordStartsOf } from './word-starts.ts';

/** A node's suffixes: listed already, or found when first read. */
export interface Items {
  /** The suffixes, if they are listed already (reading them costs nothing). */
  readonly known: readonly Suffix[] | undefined;
  get(): readonly Suffix[];
}

export function knownItems(items: readonly Suffix[]): Items {
  return { known: items, get: () => items };
}

export class ReachedSuffixes {
  readonly #labels: readonly SearchLabel[][];
  readonly #listed = new Map<string, Suffix[]>();

  /** `prefixes`: one or two characters (code points) each. */
  constructor(labels: readonly SearchLabel[][], prefixes: Iterable<string>) {
    this.#labels = labels;
    // By first character, the list of its own (if wanted) and those of the second characters wanted after it.
    const wanted = new Map<number, { own?: Suffix[]; seconds: Map<number, Suffix[]> }>();
    for (const prefix of prefixes) {
      const [first, second, more] = [...prefix].map((character) => character.codePointAt(0) ?? 0);
      if (first === undefined || more !== undefined) continue;
      const list: Suffix[] = [];
      this.#listed.set(prefix, list);
      const lists = wanted.get(first) ?? { seconds: new Map<number, Suffix[]>() };
      if (second === undefined) lists.own = list;
      else lists.seconds.set(second, list);
      wanted.set(first, lists);
    }
    if (wanted.size === 0) return;
    // Most words start with a character no prefix does: told apart by one lookup in a table of the first UTF-16 unit.
    const firstUnits = new Uint8Array(0x10000);
    for (const first of wanted.keys()) firstUnits[String.fromCodePoint(first).charCodeAt(0)] = 1;
    for (let entity = 0; entity < labels.length; entity += 1) {
      const list = labels[entity];
      for (let label = 0; label < list.length; label += 1) {
        const source = list[label].normalized;
        for (let offset = 0; offset !== -1 && offset < source.length; offset = nextWordStart(source, offset)) {
          if (firstUnits[source.charCodeAt(offset)] === 0) continue;
          const first = source.codePointAt(offset) ?? 0;
          const lists = wanted.get(first);
          if (lists === undefined) continue;
          const suffix = { source, offset, entity, label };
          lists.own?.push(suffix);
          const second = source.codePointAt(offset + (first > 0xffff ? 2 : 1));
          if (second !== undefined) lists.seconds.get(second)?.push(suffix);
        }
      }
    }
  }

  /** The suffixes starting with `prefix`, in entity, label and offset order (as the whole walk lists them). */
  under(prefix: string): Items {
    const listed = this.#listed.get(prefix);
    if (listed) return knownItems(listed);
    let found: Suffix[] | undefined;
    return { known: undefined, get: () => (found ??= suffixesStartingWith(this.#labels, prefix)) };
  }
}

/** Every suffix of the labels that starts with `prefix`. */
function suffixesStartingWith(labels: readonly SearchLabel[][], prefix: string): Suffix[] {
  const suffixes: Suffix[] = [];
  labels.forEach((list, entity) => {
    list.forEach(({ normalized }, label) => {
      for (const offset of wordStartsOf(normalized, prefix)) suffixes.push({ source: normalized, offset, entity, label });
    });
  });
  return suffixes;
}
