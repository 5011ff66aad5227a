import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { generateApi } from '../../generator/generate-api.ts';
import type { ModelOptions } from '../../generator/pipeline/load-model.ts';
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
