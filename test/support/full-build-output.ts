import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { Manifest } from '../../generator/changes/manifest-table.ts';
import { generateApi } from '../../generator/generate-api.ts';
import { summarizeApi } from '../../generator/pipeline/api-summary.ts';
import type { ModelOptions } from '../../generator/pipeline/load-model.ts';
import { SILENT } from '../../generator/pipeline/progress.ts';
import { CHANGES_FILE } from '../../generator/route/router.ts';

// Both leave changes.json out: a full build has no previous build to list the changes since.

/** Every file under an output folder, by path in sorted order, with its text. */
export function outputContents(folder: string): Map<string, string> {
  const paths = fg
    .sync('**/*', { cwd: folder, dot: true })
    .filter((path) => path !== CHANGES_FILE)
    .sort();
  return new Map(paths.map((path) => [path, readFileSync(join(folder, path), 'utf8')]));
}

/** What a full build of the same options writes, the same way, made in memory. */
export async function fullBuildContents(options: ModelOptions): Promise<Map<string, string>> {
  const { files } = await generateApi(options);
  return new Map(
    files
      .filter((file) => file.path !== CHANGES_FILE)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((file) => [file.path, file.contents]),
  );
}

/**
 * What `--full` writes over a previous output whose manifest is given (changes.json included), made in
 * memory, and the warnings its summary lists.
 */
export async function fullBuildOver(options: ModelOptions, previousManifest: string | undefined): Promise<{ files: Map<string, string>; warnings: string[] }> {
  const manifest = previousManifest === undefined ? undefined : Manifest.parse(previousManifest);
  const build = await generateApi({ ...options, full: true }, SILENT, manifest && { manifest });
  const files = new Map(build.files.map((file) => [file.path, file.contents]));
  return { files, warnings: summarizeApi(build, { files: files.size, bytes: 0 }).warnings };
}

/**
 * Reads an output folder again and again, each time every file in it: a file whose inode, size and times are
 * those of the last read is not read again. Updates replace a file by renaming a new one over it (a new
 * inode), and a fresh folder holds new files, so a changed file never keeps all four.
 */
export class OutputReader {
  readonly #folder: string;
  #known = new Map<string, { stamp: string; text: string }>();

  constructor(folder: string) {
    this.#folder = folder;
  }

  read(): Map<string, string> {
    const known = new Map<string, { stamp: string; text: string }>();
    for (const path of fg.sync('**/*', { cwd: this.#folder, dot: true }).sort()) {
      const file = join(this.#folder, path);
      const { ino, size, mtimeNs, ctimeNs } = statSync(file, { bigint: true });
      const stamp = `${ino}:${size}:${mtimeNs}:${ctimeNs}`;
      const before = this.#known.get(path);
      known.set(path, before?.stamp === stamp ? before : { stamp, text: readFileSync(file, 'utf8') });
    }
    this.#known = known;
    return new Map([...known].map(([path, { text }]) => [path, text]));
  }
}
