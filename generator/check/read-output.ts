import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { isCheckedFile } from './find-links.ts';

/** A built output folder for the link checker: every path, and the text of the files it reads. */
export async function readOutput(folder: string): Promise<Map<string, string>> {
  const paths = await fg('**/*', { cwd: folder, dot: true });
  return new Map(paths.sort().map((path) => [path, isCheckedFile(path) ? readFileSync(join(folder, path), 'utf8') : '']));
}
