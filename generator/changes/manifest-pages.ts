// The cache keeps the manifest's files column in pages of consecutive entries, each in a file of its own: an
// update writes only the pages its edits fall in (17 of 86 for a one-label edit at full scale), not 11 MB of columns.
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

/** A page's entries as its file holds them: the hashes first, so the first COLUMNS ends them whatever the paths hold. */
function pageText(keys: readonly string[], values: readonly string[]): string {
  return `${values.join(ENTRY)}${COLUMNS}${keys.join(ENTRY)}`;
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
  const keys = column.keys.toArray();
  const values = column.values.toArray();
  for (let start = 0; start < keys.length; start += PAGE_ENTRIES)
    addPage(made, keys.slice(start, start + PAGE_ENTRIES), values.slice(start, start + PAGE_ENTRIES));
  return made;
}

/**
 * The pages after edits to the column they hold (`base`, read from them): a page no edit falls in is kept as it
 * is; each other is made again from its entries edited, cut in two or more if it grew past twice a page.
 */
export function editedPages(pages: readonly ManifestPage[], base: Column, edits: readonly ColumnEdit[]): (ManifestPage | MadePage)[] {
  const made: (ManifestPage | MadePage)[] = [];
  let edit = 0;
  let start = 0;
  pages.forEach((page, at) => {
    const end = start + page.count;
    // An edit at the very end (entries put after the last) falls in the last page.
    const last = at === pages.length - 1;
    const first = edit;
    while (edit < edits.length && (edits[edit].at < end || last)) edit += 1;
    if (first === edit) made.push(page);
    else addEdited(made, base, start, end, edits.slice(first, edit));
    start = end;
  });
  // A column with no page (every file gone before) takes what is put into a page of its own.
  if (pages.length === 0 && edits.length > 0) addEdited(made, base, 0, 0, edits);
  return made;
}

/** The entries from `start` to `end` of the base with the edits that fall among them, as pages. */
function addEdited(made: (ManifestPage | MadePage)[], base: Column, start: number, end: number, edits: readonly ColumnEdit[]): void {
  const keys: string[] = [];
  const values: string[] = [];
  let next = 0;
  for (let position = start; position <= end; position += 1) {
    const edit = next < edits.length && edits[next].at === position ? edits[next++] : undefined;
    for (const entry of edit?.put ?? []) {
      keys.push(entry.key);
      values.push(entry.value);
    }
    if (position < end && edit?.take !== true) {
      keys.push(base.keys.at(position));
      values.push(base.values.at(position));
    }
  }
  // Up to twice a page stays one page; past it, pages as near a page each as whole pages make them.
  const size = keys.length <= 2 * PAGE_ENTRIES ? Math.max(1, keys.length) : Math.ceil(keys.length / Math.round(keys.length / PAGE_ENTRIES));
  for (let from = 0; from < keys.length; from += size) addPage(made, keys.slice(from, from + size), values.slice(from, from + size));
}

function addPage(made: (ManifestPage | MadePage)[], keys: readonly string[], values: readonly string[]): void {
  if (keys.length > 0) made.push({ count: keys.length, text: pageText(keys, values) });
}
