import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { OutputFile } from '../emit/emit-api.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../route/router.ts';
import { targetPath } from './write-files.ts';

export interface UpdateStats {
  /** Files the output holds afterwards. */
  files: number;
  rewritten: number;
  removed: number;
}

/**
 * Rewrites, in the previous output, only the files whose hash changed, then removes the files no longer
 * produced. Each file is replaced by a rename, so a reader sees the old or the new bytes; the manifest
 * goes last, and a marker file present meanwhile tells a later build not to trust a half-updated folder.
 */
export function updateInPlace(outDir: string, files: readonly OutputFile[], before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>, removed: readonly string[]): UpdateStats {
  const root = resolve(outDir);
  const marker = targetPath(root, UPDATING_FILE);
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, '');
  const changed = files.filter((file) => before[file.path] === undefined || before[file.path] !== after[file.path]);
  const last = (file: OutputFile) => (file.path === MANIFEST_FILE ? 1 : 0);
  for (const file of [...changed].sort((a, b) => last(a) - last(b))) {
    const target = targetPath(root, file.path);
    mkdirSync(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.${process.pid}.tmp`);
    writeFileSync(temporary, file.contents);
    renameSync(temporary, target);
  }
  for (const path of removed) rmSync(targetPath(root, path), { force: true });
  removeEmptyFolders(root, removed);
  rmSync(marker);
  return { files: Object.keys(after).length, rewritten: changed.length, removed: removed.length };
}

// Folders the removed files leave empty (an old search index generation), deepest first.
function removeEmptyFolders(root: string, removed: readonly string[]): void {
  const folders = [...new Set(removed.map((path) => dirname(targetPath(root, path))))].filter((folder) => folder !== root);
  for (const folder of folders.sort((a, b) => b.length - a.length)) {
    if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  }
}
