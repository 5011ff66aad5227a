// The word-start suffixes an update's index walk needs, found without listing every suffix of every label: those
// under the two-character prefixes the edit reaches, and under the first characters it reaches whose previous node
// cannot stand for them, gathered in one pass over the labels; those under any other prefix searched for when first
// asked (a node the previous build's nodes cannot stand for).
import { forEachJoinedLabel } from './joined-labels.ts';
import type { LabelRows } from './label-rows.ts';
import type { Suffix } from './search-label.ts';
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
  readonly #labels: LabelRows;
  readonly #listed = new Map<string, Suffix[]>();

  /**
   * `prefixes`: one or two characters (code points) each; `entities`: in number order, every entity with a word
   * starting with one of them, and perhaps others (the rest are not walked: see holdersOf).
   */
  constructor(labels: LabelRows, prefixes: Iterable<string>, entities: Iterable<number>) {
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
    // The words of the label from `start` to `end` of `text` (the label alone, or among others joined), cut out
    // of them only when one of its words is wanted (a suffix holds the label's text, but no one reads its labels).
    const walk = (text: string, start: number, end: number, entity: number, label: number) => {
      let source: string | undefined;
      for (let at = start; at < end; ) {
        if (firstUnits[text.charCodeAt(at)] === 1) {
          const first = text.codePointAt(at) ?? 0;
          const lists = wanted.get(first);
          if (lists !== undefined) {
            source ??= start === 0 && end === text.length ? text : text.slice(start, end);
            const suffix = { source, offset: at - start, entity, label };
            lists.own?.push(suffix);
            const after = at + (first > 0xffff ? 2 : 1);
            const second = after < end ? text.codePointAt(after) : undefined;
            if (second !== undefined) lists.seconds.get(second)?.push(suffix);
          }
        }
        const next = nextWordStart(text, at);
        if (next === -1 || next > end) break;
        at = next;
      }
    };
    for (const entity of entities) {
      // Labels kept joined are walked where the memo joined them.
      const joined = labels.unread(entity);
      if (joined !== undefined) {
        forEachJoinedLabel(joined, (start, end, label) => walk(joined, start, end, entity, label));
        continue;
      }
      const list = labels.at(entity);
      for (let label = 0; label < list.length; label += 1) walk(list[label].normalized, 0, list[label].normalized.length, entity, label);
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
function suffixesStartingWith(labels: LabelRows, prefix: string): Suffix[] {
  const suffixes: Suffix[] = [];
  for (let entity = 0; entity < labels.length; entity += 1) {
    // Labels kept joined that do not hold the prefix anywhere are not read.
    if (labels.unread(entity)?.includes(prefix) === false) continue;
    labels.at(entity).forEach(({ normalized }, label) => {
      for (const offset of wordStartsOf(normalized, prefix)) suffixes.push({ source: normalized, offset, entity, label });
    });
  }
  return suffixes;
}
