// The cache keeps the manifest's files column in pages of consecutive entries, each in a file of its own: an
// update writes only the pages its edits fall in (17-37 of 86 for a one-label edit at full scale), not 11 MB of columns.
import type { ColumnEdit } from './file-edits.ts';
import { JoinedTextList } from './joined-text-list.ts';
import type { Column } from './sorted-keys.ts';

/** Entries a page is cut to; an edited page is cut again once it holds twice as many. */
export const PAGE_ENTRIES = 2048;

/** A page of the files column in place beside the cache: its file's name, and how many entries it holds. */
export interface ManifestPage {
  name: string;
  count: number;
}

/** A page made by this build: its file's text, written (and named) with the cache. */
export interface MadePage {
  count: number;
  text: string;
}

/** The manifest as the cache keeps it: the files column in pages, the entities' columns joined. */
export interface PagedManifest<Page = ManifestPage> {
  pages: Page[];
  ids: string;
  idHashes: string;
  /** A byte per path, 1 where it is an entity's format file. Absent when not known. */
  formats?: Uint8Array;
}

// No path holds the first (a file name cannot); no hash holds either.
const ENTRY = '\u0000';
const COLUMNS = '\u0001';

/**
 * The page of the column's entries from `from` up to `to`, its text as its file holds them: the hashes first, so
 * the first COLUMNS ends them whatever the paths hold. Made of the column's runs (a page read back is sliced, not
 * split into its entries).
 */
function pageOf(column: Column, from: number, to: number): MadePage {
  return { count: to - from, text: `${column.values.joinRange(from, to, ENTRY)}${COLUMNS}${column.keys.joinRange(from, to, ENTRY)}` };
}

/** A page's file read back; undefined unless it holds as many entries as the page table says. */
export function readPage(text: string, count: number): Column | undefined {
  const split = text.indexOf(COLUMNS);
  if (split === -1) return undefined;
  const values = new JoinedTextList(text.slice(0, split), ENTRY);
  const keys = new JoinedTextList(text.slice(split + 1), ENTRY);
  return keys.length === count && values.length === count ? { keys, values } : undefined;
}

/** The column cut into pages afresh. */
export function cutPages(column: Column): MadePage[] {
  const made: MadePage[] = [];
  for (let start = 0; start < column.keys.length; start += PAGE_ENTRIES) made.push(pageOf(column, start, Math.min(column.keys.length, start + PAGE_ENTRIES)));
  return made;
}

/**
 * The pages after edits (sorted by position) to the column they held: a page no edit falls in is kept as it is;
 * each other is made again from its stretch of the `edited` column (the column after those edits), cut in two or
 * more if it grew past twice a page.
 */
export function editedPages(pages: readonly ManifestPage[], edited: Column, edits: readonly ColumnEdit[]): (ManifestPage | MadePage)[] {
  const made: (ManifestPage | MadePage)[] = [];
  let edit = 0;
  // Where the page being walked starts in the column before the edits, and how far the edits before it moved it.
  let start = 0;
  let shift = 0;
  pages.forEach((page, at) => {
    const end = start + page.count;
    // An edit at the very end (entries put after the last) falls in the last page.
    const last = at === pages.length - 1;
    let grown = 0;
    const first = edit;
    for (; edit < edits.length && (edits[edit].at < end || last); edit += 1) grown += edits[edit].put.length - (edits[edit].take ? 1 : 0);
    if (first === edit) made.push(page);
    else addStretch(made, edited, start + shift, page.count + grown);
    start = end;
    shift += grown;
  });
  // A column with no page (every file gone before) takes what is put into a page of its own.
  if (pages.length === 0) addStretch(made, edited, 0, edited.keys.length);
  return made;
}

/** `count` entries of the column from `from`, as pages. */
function addStretch(made: (ManifestPage | MadePage)[], column: Column, from: number, count: number): void {
  // Up to twice a page stays one page; past it, pages as near a page each as whole pages make them.
  const size = count <= 2 * PAGE_ENTRIES ? Math.max(1, count) : Math.ceil(count / Math.round(count / PAGE_ENTRIES));
  for (let at = 0; at < count; at += size) made.push(pageOf(column, from + at, from + Math.min(count, at + size)));
}
