import { describe, expect, it } from 'vitest';
import { deserializeSectioned, serializeSectioned } from '../generator/cache/sectioned-codec.ts';
import { StringTable, type StoredStrings } from '../generator/text/string-table.ts';
import { joinUtf8Rows } from '../generator/text/utf8-rows.ts';

// Strings UTF-8 holds as they are, and those kept apart (a character XML cannot carry, or any surrogate).
const STRINGS: [string, string, boolean][] = [
  ['an IRI', 'https://folio.openlegalstandard.org/RW9Bt4iTBftiF41HjPIU3ze', false],
  ['empty', '', false],
  ['accented', 'Contrat de société', false],
  ['Hebrew', 'חוזה', false],
  ['CJK', '契約', false],
  ['a tab, a line feed and a carriage return (XML carries them)', 'a\tb\nc\r', false],
  ['an emoji (a surrogate pair)', 'seal 🦭', true],
  ['a lone high surrogate', 'half \uD83E', true],
  ['a lone low surrogate', '\uDE6D half', true],
  ['a backspace', 'back\bspace', true],
  ['U+FFFE', 'not \uFFFE a character', true],
  ['NUL', 'a\0b', true],
];

/** Written as the blocks file is, and read back as a view of its bytes. */
function roundTrip(stored: StoredStrings): StoredStrings {
  return deserializeSectioned(Buffer.concat(serializeSectioned(stored))) as StoredStrings;
}

describe('the blocks string table', () => {
  const texts = STRINGS.map(([, text]) => text);

  it.each(STRINGS)('reads back %s exactly, and tells whether XML may not carry it without decoding it', (_, text, suspect) => {
    const read = StringTable.stored(roundTrip(StringTable.of(texts).store()));
    const number = texts.indexOf(text);
    expect(read.mayNotBeXml(number)).toBe(suspect);
    expect(read.at(number)).toBe(text);
  });

  it('keeps the stored strings as bytes, apart from those it must keep as they are', () => {
    const stored = StringTable.of(texts).store();
    expect(Array.from(stored.suspects)).toEqual(STRINGS.flatMap(([, , suspect], number) => (suspect ? [number] : [])));
    expect(stored.suspectTexts).toEqual(STRINGS.flatMap(([, text, suspect]) => (suspect ? [text] : [])));
    expect(Buffer.from(stored.text).toString('utf8')).toBe(STRINGS.flatMap(([, text, suspect]) => (suspect ? [] : [text])).join(''));
  });

  it('reads a table past its 64 kB section as a view of the file', () => {
    const many = Array.from({ length: 20_000 }, (_, at) => `https://example.org/term/${at}`);
    const read = StringTable.stored(roundTrip(StringTable.of(many).store()));
    expect(read.length).toBe(many.length);
    expect(read.at(12_345)).toBe(many[12_345]);
    expect(read.toArray()).toEqual(many);
  });

  it('appends past the stored part, and knows a table continued from another', () => {
    const stored = StringTable.stored(roundTrip(StringTable.of(texts).store()), ['added']);
    const continued = stored.continued();
    expect(continued.push('new 🦭')).toBe(texts.length + 1);
    expect(continued.mayNotBeXml(texts.length + 1)).toBe(true);
    expect(continued.mayNotBeXml(texts.length)).toBe(false);
    expect(continued.from(texts.length)).toEqual(['added', 'new 🦭']);
    expect(stored.length).toBe(texts.length + 1);
    expect(continued.continues(stored, stored.length)).toBe(true);
    expect(continued.continues(stored, continued.length)).toBe(false);
    // The same strings, read from another copy of the file: not the table it continues.
    const other = StringTable.stored(roundTrip(StringTable.of(texts).store()), ['added']);
    expect(continued.continues(other, texts.length)).toBe(false);
    const rewritten = StringTable.stored(roundTrip(stored.continued().store()));
    expect(rewritten.toArray()).toEqual([...texts, 'added']);
  });
  it('stores rows taken from another table by number (copied as bytes) or given, and reads them back exactly', () => {
    const from = StringTable.stored(roundTrip(StringTable.of(texts).store()), ['appended 🦭', 'appended']);
    const rows: (string | number)[] = [3, 'new', 7, texts.length, '', 'new \b', 0, texts.length + 1, 1];
    const expected = rows.map((row) => (typeof row === 'string' ? row : from.at(row)));
    const read = StringTable.stored(roundTrip(StringTable.storeRows(rows.length, from, (at) => rows[at])));
    expect(read.toArray()).toEqual(expected);
    expect(expected.map((_, at) => read.mayNotBeXml(at))).toEqual(expected.map((text) => /[\b\uD800-\uDFFF]/.test(text)));
    // Without a table to take rows from, every row is given.
    expect(StringTable.stored(roundTrip(StringTable.storeRows(2, undefined, (at) => ['a', 'b'][at]))).toArray()).toEqual(['a', 'b']);
  });
});

describe('joinUtf8Rows', () => {
  const from = joinUtf8Rows(4, undefined, (at) => ['zero', 'één', '', '三'][at]);

  it('writes strings end to end as UTF-8, each row ending where the next begins', () => {
    expect(from.bytes.toString('utf8')).toBe('zeroéén三');
    expect(Array.from(from.ends)).toEqual([4, 9, 9, 12]);
  });

  it.each<[string, (string | number)[], string, number[]]>([
    ['rows that follow one another there', [0, 1, 2, 3], 'zeroéén三', [4, 9, 9, 12]],
    ['rows out of their order, between new strings', ['new', 3, 1, 'ß', 0], 'new三éénßzero', [3, 6, 11, 13, 17]],
    ['a row twice', [1, 1], 'éénéén', [5, 10]],
  ])('copies %s as their bytes', (_, rows, text, ends) => {
    const joined = joinUtf8Rows(rows.length, from, (at) => rows[at]);
    expect(joined.bytes.toString('utf8')).toBe(text);
    expect(Array.from(joined.ends)).toEqual(ends);
  });

  it('refuses a row of rows not given', () => {
    expect(() => joinUtf8Rows(1, undefined, () => 0)).toThrow(/row 0 of rows not given/);
    expect(() => joinUtf8Rows(1, from, () => 4)).toThrow(/row 4 of rows not given/);
  });
});
