import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { OutputFile } from '../emit/emit-api.ts';
import type { Manifest } from '../changes/manifest-table.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../route/router.ts';
import { targetPath } from './target-path.ts';

export interface UpdateStats {
  /** Files the output holds afterwards. */
  files: number;
  rewritten: number;
  removed: number;
}

/**
 * Rewrites, in the previous output, only the files whose hash changed, then removes the files no longer
 * produced. Every changed file is first written under a temporary name beside its target, and only then
 * are they all renamed into place (the manifest last): a build stopped while writing leaves the previous
 * output as it was, and one stopped among the renames leaves each file whole, old or new. A marker file
 * present meanwhile tells a later build not to trust a half-updated folder.
 */
export async function updateInPlace(
  outDir: string,
  files: readonly OutputFile[],
  before: Manifest,
  after: Manifest,
  removed: readonly string[],
  written: readonly { temporary: string; path: string }[] = [],
): Promise<UpdateStats> {
  const root = resolve(outDir);
  const marker = targetPath(root, UPDATING_FILE);
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, '');
  const changed = files.filter((file) => {
    const hash = before.fileHash(file.path);
    return hash === undefined || hash !== after.fileHash(file.path);
  });
  // Files written ahead under temporary names (see StagedFile) are renamed with the rest.
  const staged: { temporary: string; target: string }[] = written.map(({ temporary, path }) => ({ temporary, target: targetPath(root, path) }));
  try {
    for (const file of changed) {
      const target = targetPath(root, file.path);
      mkdirSync(dirname(target), { recursive: true });
      const temporary = join(dirname(target), `.${process.pid}.${staged.length}.tmp`);
      staged.push({ temporary, target });
      writeFileSync(temporary, file.encoded ?? file.contents);
    }
  } catch (error) {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    rmSync(marker, { force: true });
    throw error;
  }
  const plan = renamePlan(staged, targetPath(root, MANIFEST_FILE));
  const renamed = ({ temporary, target }: { temporary: string; target: string }) => rename(temporary, target);
  await settled(plan.dropped.map(({ temporary }) => rm(temporary, { force: true })));
  // Renamed side by side by the system's thread pool (ext4 allocates a file's blocks as it is renamed over the old
  // one, 0.1-1 ms each), the manifest once every other is in place.
  await settled(plan.others.map(renamed));
  await settled(plan.manifest.map(renamed));
  await settled(removed.map((path) => rm(targetPath(root, path), { force: true })));
  removeEmptyFolders(root, removed);
  rmSync(marker);
  return { files: after.paths.length, rewritten: changed.length + written.length, removed: removed.length };
}

/**
 * What an update renames: each target's last file (as renaming them one after another gave it), the manifest's
 * apart, to be renamed once every other is in place (a folder with the new manifest has every new file); and the
 * files staged for a target again later, to be removed.
 */
export function renamePlan<T extends { target: string }>(staged: readonly T[], manifestTarget: string): { others: T[]; manifest: T[]; dropped: T[] } {
  const last = new Map(staged.map((entry) => [entry.target, entry]));
  const kept = [...last.values()];
  return {
    others: kept.filter(({ target }) => target !== manifestTarget),
    manifest: kept.filter(({ target }) => target === manifestTarget),
    dropped: staged.filter((entry) => last.get(entry.target) !== entry),
  };
}

/** Waits for every one, then throws the first failure, if any: none is left under way when the caller cleans up. */
async function settled(work: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

// Folders the removed files leave empty (an old search index generation), deepest first.
function removeEmptyFolders(root: string, removed: readonly string[]): void {
  const folders = [...new Set(removed.map((path) => dirname(targetPath(root, path))))].filter((folder) => folder !== root);
  for (const folder of folders.sort((a, b) => b.length - a.length)) {
    if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  }
}
