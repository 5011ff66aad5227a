import { describe, expect, it } from 'vitest';
import type { ColumnEdit } from '../generator/changes/file-edits.ts';
import { applyEdits } from '../generator/changes/file-edits.ts';
import { cutPages, editedPages, PAGE_ENTRIES, readPage, type MadePage, type ManifestPage } from '../generator/changes/manifest-pages.ts';
import { ConcatTextList } from '../generator/changes/concat-text-list.ts';
import { Manifest } from '../generator/changes/manifest-table.ts';
import type { Column } from '../generator/changes/sorted-keys.ts';
import { TextList } from '../generator/changes/text-list.ts';

// A column of `count` entries: keys in code unit order, each value its key's.
const columnOf = (count: number): Column => {
  const keys = Array.from({ length: count }, (_, at) => `p${String(at).padStart(7, '0')}`);
  return { keys: TextList.of(keys), values: TextList.of(keys.map((key) => `h-${key}`)) };
};

/** Pages as a build reads them back: the made ones named, every page's text kept by its name. */
function stored(pages: readonly (ManifestPage | MadePage)[], texts: Map<string, string>): ManifestPage[] {
  return pages.map((page) => {
    if (!('text' in page)) return page;
    const name = `page-${texts.size}`;
    texts.set(name, page.text);
    return { name, count: page.count };
  });
}

/** The column the pages hold, read back as an update reads it (each page's text looked up in place). */
function readColumn(pages: readonly ManifestPage[], texts: Map<string, string>): Column {
  const columns = pages.map((page) => readPage(texts.get(page.name) ?? '', page.count));
  const read = columns.flatMap((column) => (column ? [column] : []));
  expect(read).toHaveLength(pages.length);
  return { keys: new ConcatTextList(read.map((column) => column.keys)), values: new ConcatTextList(read.map((column) => column.values)) };
}

/** The column the pages hold, read back, as arrays. */
function columnOfPages(pages: readonly ManifestPage[], texts: Map<string, string>): { keys: string[]; values: string[] } {
  const { keys, values } = readColumn(pages, texts);
  return { keys: [...keys.toArray()], values: [...values.toArray()] };
}

describe('the manifest in pages, as the cache keeps it', () => {
  it.each([0, 1, PAGE_ENTRIES, PAGE_ENTRIES + 1, 3 * PAGE_ENTRIES + 5])('cuts %i entries into pages that read back as the column', (count) => {
    const column = columnOf(count);
    const texts = new Map<string, string>();
    const pages = stored(cutPages(column), texts);
    expect(pages).toHaveLength(Math.ceil(count / PAGE_ENTRIES));
    expect(columnOfPages(pages, texts)).toEqual({ keys: column.keys.toArray(), values: column.values.toArray() });
  });

  const put = (key: string) => ({ key, value: `h-${key}` });
  const base = columnOf(3 * PAGE_ENTRIES);
  it.each<[string, ColumnEdit[], number]>([
    ['no edit', [], 0],
    ['a hash changed in the second page', [{ at: PAGE_ENTRIES + 3, put: [{ key: base.keys.at(PAGE_ENTRIES + 3), value: 'new' }], take: true }], 1],
    ['an entry put before a page begins (it falls in that page)', [{ at: PAGE_ENTRIES, put: [put('p0002047z')], take: false }], 1],
    ['entries put after the last', [{ at: 3 * PAGE_ENTRIES, put: [put('q1'), put('q2')], take: false }], 1],
    ['the first page emptied', Array.from({ length: PAGE_ENTRIES }, (_, at) => ({ at, put: [], take: true })), 1],
    [
      'edits in the first and last pages',
      [
        { at: 0, put: [put('a')], take: false },
        { at: 3 * PAGE_ENTRIES - 1, put: [], take: true },
      ],
      2,
    ],
    [
      'a page grown past twice its size (cut again)',
      [{ at: 5, put: Array.from({ length: 2 * PAGE_ENTRIES }, (_, at) => put(`p0000004-${String(at).padStart(5, '0')}`)), take: false }],
      1,
    ],
  ])('%s: the pages hold the edited column, and only the pages edited are made again', (_, edits, edited) => {
    const texts = new Map<string, string>();
    const before = stored(cutPages(base), texts);
    // The column in hand, and the same read back from its pages (whose runs the edited pages are sliced from).
    for (const column of [base, readColumn(before, texts)]) {
      const expected = applyEdits(column, edits);
      const after = editedPages(before, expected, edits);
      const made = after.filter((page) => 'text' in page);
      const kept = after.filter((page): page is ManifestPage => !('text' in page));
      expect(before.length - kept.length).toBe(edited);
      expect(made.every((page) => page.count <= 2 * PAGE_ENTRIES)).toBe(true);
      expect(columnOfPages(stored(after, texts), texts)).toEqual({ keys: expected.keys.toArray(), values: expected.values.toArray() });
    }
  });

  it('reads back paths that hold any character a file name may (a page separates its columns after the hashes)', () => {
    const keys = ['a\u0001b', 'c\u0001', '\u0001d'];
    const column = { keys: TextList.of(keys), values: TextList.of(['h1', 'h2', 'h3']) };
    const texts = new Map<string, string>();
    expect(columnOfPages(stored(cutPages(column), texts), texts)).toEqual({ keys, values: ['h1', 'h2', 'h3'] });
  });

  it('refuses a page whose file holds another count of entries than its table says', () => {
    const [page] = cutPages(columnOf(3));
    expect('text' in page && readPage(page.text, 3)).toBeTruthy();
    expect('text' in page && readPage(page.text, 4)).toBeUndefined();
    expect(readPage('no columns here', 0)).toBeUndefined();
  });

  it('makes a manifest read back from its pages with the same lookups, and refuses missing pages', () => {
    const manifest = Manifest.fromEntries(
      columnOf(PAGE_ENTRIES + 10)
        .keys.toArray()
        .map((key) => [key, `h-${key}`]),
      [['R1', 'e1']],
    );
    const texts = new Map<string, string>();
    const paged = manifest.paged();
    const pages = stored(paged.pages, texts);
    const read = Manifest.fromPages(
      { ...paged, pages },
      pages.map((page) => texts.get(page.name) ?? ''),
    );
    expect(read?.fileHash('p0002050')).toBe('h-p0002050');
    expect(read?.paths.toArray()).toEqual(manifest.paths.toArray());
    expect(read?.ids.toArray()).toEqual(['R1']);
    expect(Manifest.fromPages({ ...paged, pages }, [])).toBeUndefined();
  });
});
