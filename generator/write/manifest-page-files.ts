import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MadePage, ManifestPage } from '../changes/manifest-pages.ts';
import { SideFiles } from './side-files.ts';

/** The manifest's pages beside the cache (see PagedManifest). */
export const MANIFEST_PAGES = new SideFiles('manifest', 'page');

/** A build's pages: those it made written under names of their own, the others in place already. */
export class ManifestPages {
  /** Every page by the name of its file, as the cache file lists them. */
  readonly named: ManifestPage[];
  /** Settles once the pages made are in place. */
  readonly written: Promise<void>;

  constructor(folder: string, pages: readonly (ManifestPage | MadePage)[]) {
    const made = pages.flatMap((page) => ('text' in page ? [page] : []));
    const { names, written } = MANIFEST_PAGES.write(
      folder,
      made.map((page) => Buffer.from(page.text)),
    );
    let next = 0;
    this.named = pages.map((page) => ('text' in page ? { name: names[next++], count: page.count } : page));
    this.written = written;
  }
}

/** The texts of the pages a cache file lists, in order; undefined if one cannot be read. */
export async function readPages(folder: string, pages: readonly ManifestPage[]): Promise<string[] | undefined> {
  const texts = await Promise.all(pages.map((page) => readFile(join(folder, page.name), 'utf8').catch(() => undefined)));
  const read = texts.flatMap((text) => (text === undefined ? [] : [text]));
  return read.length === pages.length ? read : undefined;
}
