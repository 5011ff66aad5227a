import { SideFiles } from './side-files.ts';

/** Copies of the files a build cut into blocks (see recutSource), beside the cache. */
export const SOURCE_COPIES = new SideFiles('source', 'bytes');

/**
 * Copies of the files a build cut into blocks, kept beside its cache for the next build to compare with (see
 * recutSource). Written as soon as the files are read, so the cache's own write at the end need not wait for them.
 */
export class SourceCopies {
  readonly names: string[];
  /** Settles once every copy is in place. */
  readonly written: Promise<void>;

  constructor(folder: string, sources: readonly Uint8Array[]) {
    ({ names: this.names, written: this.written } = SOURCE_COPIES.write(folder, sources));
  }
}
