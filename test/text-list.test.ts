import { describe, expect, it } from 'vitest';
import { applyEdits, type ColumnEdit } from '../generator/changes/file-edits.ts';
import { ConcatTextList } from '../generator/changes/concat-text-list.ts';
import { JoinedTextList } from '../generator/changes/joined-text-list.ts';
import { TextList } from '../generator/changes/text-list.ts';

const NUL = '\u0000';

/** Every string a list reads, and each one's length as lengthAt gives it. */
const read = (list: TextList) => ({
  items: Array.from({ length: list.length }, (_, at) => list.at(at)),
  lengths: Array.from({ length: list.length }, (_, at) => list.lengthAt(at)),
});

/**
 * The whole list and every stretch of it joined (by its own separator and another), as the same strings join;
 * and the characters before each position, as its strings' lengths add up.
 */
const expectRanges = (list: TextList) => {
  const strings = list.toArray();
  for (const separator of [NUL, ',']) expect(list.join(separator)).toBe(strings.join(separator));
  for (let index = 0; index <= list.length; index += 1) expect([index, list.charsBefore(index)]).toEqual([index, strings.slice(0, index).join('').length]);
  for (let from = 0; from <= list.length; from += 1)
    for (let to = from; to <= list.length; to += 1)
      for (const separator of [NUL, ',']) expect([from, to, list.joinRange(from, to, separator)]).toEqual([from, to, strings.slice(from, to).join(separator)]);
};

describe('JoinedTextList', () => {
  it.each<[string, string[]]>([
    ['an empty text', []],
    ['one string', ['a']],
    ['several', ['_api/R1.md', 'R1', 'search/s/61.json']],
    ['an empty string between others', ['a', '', 'b']],
    ['an empty string last', ['a', '']],
    ['strings past the Basic Multilingual Plane', ['\u{1F600}x', 'ñ']],
  ])('%s: reads back the strings joined', (_, strings) => {
    const list = new JoinedTextList(strings.join(NUL), NUL);
    expect(read(list)).toEqual({ items: strings, lengths: strings.map((text) => text.length) });
    expect(list.toArray()).toEqual(strings);
    expect(list.join(NUL)).toBe(strings.join(NUL));
    expect(list.join(',')).toBe(strings.join(','));
    expectRanges(list);
  });
});

describe('ConcatTextList', () => {
  it('joins any stretch across the lists it reads one after another', () => {
    const parts = [['a', 'bb'], [], ['c'], ['', 'd', 'eee']];
    const list = new ConcatTextList(parts.map((strings, at) => (at % 2 === 0 ? new JoinedTextList(strings.join(NUL), NUL) : TextList.of(strings))));
    expect(list.toArray()).toEqual(parts.flat());
    expectRanges(list);
  });
});

describe('a column after edits, read through to its base', () => {
  const keys = ['a', 'b', 'c', 'd'];
  const put = (key: string) => ({ key, value: `v-${key}` });
  it.each<[string, ColumnEdit[], string[]]>([
    ['no edit', [], keys],
    [
      'one put first, one taken last',
      [
        { at: 0, put: [put('0')], take: false },
        { at: 3, put: [], take: true },
      ],
      ['0', 'a', 'b', 'c'],
    ],
    ['one replaced in the middle', [{ at: 1, put: [put('b')], take: true }], keys],
    [
      'two put between, past the end',
      [
        { at: 2, put: [put('bb'), put('bc')], take: false },
        { at: 4, put: [put('e')], take: false },
      ],
      ['a', 'b', 'bb', 'bc', 'c', 'd', 'e'],
    ],
    ['every one taken', [0, 1, 2, 3].map((at) => ({ at, put: [], take: true })), []],
  ])('%s', (_, edits, expected) => {
    for (const base of [TextList.of(keys), new JoinedTextList(keys.join(NUL), NUL)]) {
      const values = TextList.of(keys.map((key) => `v-${key}`));
      const edited = applyEdits({ keys: base, values }, edits);
      expect(read(edited.keys)).toEqual({ items: expected, lengths: expected.map((key) => key.length) });
      expect(edited.values.toArray()).toEqual(expected.map((key) => `v-${key}`));
      expectRanges(edited.keys);
      expectRanges(edited.values);
      // Edited again (updates in memory, one after another): the same strings, through an array of the first.
      const again = applyEdits(edited, [{ at: 0, put: [put('!')], take: false }]);
      expect(again.keys.toArray()).toEqual(['!', ...expected]);
      expect(again.values.toArray()).toEqual(['v-!', ...expected.map((key) => `v-${key}`)]);
    }
  });
});
