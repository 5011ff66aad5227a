// The fold table: how each label character normalises for search, for a handler that cannot normalise itself
// (njs has no String.prototype.normalize). Worked out with the index, from the labels' own characters.
import { emitJson } from '../emit/json.ts';
import { codePointLength } from './core/search-core.js';
import type { SearchEntity } from './core/search-core.js';

// Beyond the labels' own characters, the blocks where NFKD maps one character to others (accented
// Latin, Greek, Cyrillic, fullwidth forms, ligatures, circled and math letters, compatibility jamo).
const FOLD_RANGES: [number, number][] = [
  [0x80, 0x52f],
  [0x1d00, 0x1fff],
  [0x2000, 0x2bff],
  [0x2c00, 0x2e7f],
  [0x3000, 0x33ff],
  [0xa640, 0xa7ff],
  [0xf900, 0xfaff],
  [0xfb00, 0xfb4f],
  [0xfe30, 0xfe6f],
  [0xff00, 0xffef],
  [0x1d400, 0x1d7ff],
  [0x1f100, 0x1f1ff],
];

const MARK = /\p{M}/u;
const NOT_ASCII = /[^\x00-\x7f]/;
const ASCII_RUNS = /[\x00-\x7f]+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

// What the njs handler does with a character that is not in the table.
function fallback(character: string): string {
  if (MARK.test(character)) return '';
  const lower = character.toLowerCase();
  return LETTER_OR_DIGIT.test(lower) ? lower : ' ';
}

/** The fold table as nginx's handler gets it, and what it was made from: a build keeps it for the next. */
export interface FoldMemo {
  /** The labels' non-ASCII characters, sorted, and the Unicode data that folded them. */
  key: string;
  json: string;
}

/**
 * The fold table's JSON, from each entity's nonAsciiCharacters; the previous build's when the labels hold the
 * same non-ASCII characters (an edit seldom adds or drops one), since folding every character of the fixed
 * ranges takes most of the time.
 */
export function foldJson(entityCharacters: readonly string[], previous?: FoldMemo): FoldMemo {
  const characters = unionOf(entityCharacters);
  const key = `${process.versions.icu ?? ''} ${process.versions.unicode ?? ''} ${characters.join('')}`;
  // Reused, the table costs 0.3 ms instead of 36 ms (measured): one comparison for most of an update's site stage.
  if (previous?.key === key) return previous;
  if (lastMade?.key !== key) lastMade = { key, json: emitJson(foldTableOf(characters)) };
  return lastMade;
}

// The last table this process made: a process that builds again and again (tests, the dev server) mostly asks for it again.
let lastMade: FoldMemo | undefined;

/** Every character whose normalisation the njs handler cannot work out itself, with its result. */
export function foldTable(entities: readonly SearchEntity[]): Record<string, string> {
  return foldTableOf(unionOf(entities.map(nonAsciiCharacters)));
}

/** The entity's labels' non-ASCII characters, as they come (unionOf puts them in order, each once). */
export function nonAsciiCharacters(entity: SearchEntity): string {
  const labels = [entity.label, entity.preferred_label, ...entity.alternative_labels, ...entity.extra_labels];
  return labels.map((label) => (label !== null && NOT_ASCII.test(label) ? label.replace(ASCII_RUNS, '') : '')).join('');
}

// Most entities have none, so the strings are looked into only when not empty.
function unionOf(entityCharacters: readonly string[]): string[] {
  // By code point: a string for every character of every label (thousands of translations) was most of the work.
  const codes = new Set<number>();
  for (const text of entityCharacters) {
    for (let at = 0; at < text.length; at += 1) {
      const code = text.codePointAt(at) ?? 0;
      codes.add(code);
      if (code > 0xffff) at += 1;
    }
  }
  return Array.from(codes, (code) => String.fromCodePoint(code)).sort();
}

function foldTableOf(labelCharacters: readonly string[]): Record<string, string> {
  const ranges = (rangeFolds ??= foldsOf(rangeCharacters()));
  const own = foldsOf(labelCharacters.filter((character) => !ranges.checked.has(character)));
  const entries = [...ranges.entries, ...own.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

// The fixed ranges' folds, worked out once per process: the same for every build (a test process makes hundreds).
let rangeFolds: { checked: ReadonlySet<string>; entries: [string, string][] } | undefined;

function rangeCharacters(): string[] {
  const characters: string[] = [];
  for (const [first, last] of FOLD_RANGES) for (let code = first; code <= last; code += 1) characters.push(String.fromCodePoint(code));
  return characters;
}

/** The table's entries for these characters: each that folds otherwise than the fallback, with its fold. */
function foldsOf(characters: readonly string[]): { checked: ReadonlySet<string>; entries: [string, string][] } {
  const entries: [string, string][] = [];
  for (const character of characters) {
    // A character NFKD keeps whole and that lower-cases to one character folds as the fallback does.
    if (character.normalize('NFKD') === character && codePointLength(character.toLowerCase()) === 1) continue;
    const folded = [...character.normalize('NFKD')]
      .map((part) => (MARK.test(part) ? '' : part))
      .join('')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, ' ');
    if (folded !== fallback(character)) entries.push([character, folded]);
  }
  return { checked: new Set(characters), entries };
}
