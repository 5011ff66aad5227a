import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
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
  return finishUpdate(prepareUpdate(outDir, files, before, after), after, removed, written);
}

/** An update's changed files being written under temporary names beside their targets, inside the marker. */
export interface PreparedUpdate {
  root: string;
  marker: string;
  temporaries: { temporary: string; target: string }[];
  /** Settles once every temporary file is written (the system's thread pool writes them). */
  written: Promise<void>;
}

/**
 * The first half of updateInPlace: puts the marker down and starts writing the changed files aside, so that they
 * are written while the build goes on (its cache is serialised meanwhile). A folder that cannot be made throws
 * before any file is written, the marker taken away.
 */
export function prepareUpdate(outDir: string, files: readonly OutputFile[], before: Manifest, after: Manifest): PreparedUpdate {
  const root = resolve(outDir);
  const marker = targetPath(root, UPDATING_FILE);
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, '');
  const changed = files.filter((file) => {
    const hash = before.fileHash(file.path);
    return hash === undefined || hash !== after.fileHash(file.path);
  });
  const temporaries = changed.map((file, at) => {
    const target = targetPath(root, file.path);
    return { temporary: join(dirname(target), `.${process.pid}.${at}.tmp`), target, bytes: file.encoded ?? file.contents };
  });
  try {
    for (const folder of new Set(temporaries.map(({ target }) => dirname(target)))) mkdirSync(folder, { recursive: true });
  } catch (error) {
    rmSync(marker, { force: true });
    throw error;
  }
  const written = settled(temporaries.map(({ temporary, bytes }) => writeFile(temporary, bytes)));
  // Awaited by finishUpdate; a failure is reported there.
  written.catch(() => {});
  return { root, marker, temporaries: temporaries.map(({ temporary, target }) => ({ temporary, target })), written };
}

/** A prepared update given up (the build failed before renaming): its temporary files and the marker removed once written. */
export async function discardPrepared({ marker, temporaries, written }: PreparedUpdate): Promise<void> {
  await written.catch(() => {});
  removeTemporaries(temporaries);
  rmSync(marker, { force: true });
}

/**
 * The second half of updateInPlace: once the changed files and those `written` aside (see StagedFile) are all
 * written, renames them into place (the manifest last), removes the files no longer produced and the marker.
 */
export async function finishUpdate(
  prepared: PreparedUpdate,
  after: Manifest,
  removed: readonly string[],
  written: readonly { temporary: string; path: string }[] = [],
): Promise<UpdateStats> {
  const { root, marker } = prepared;
  // Files written ahead under temporary names (see StagedFile) are renamed with the rest.
  const staged = [...written.map(({ temporary, path }) => ({ temporary, target: targetPath(root, path) })), ...prepared.temporaries];
  try {
    await prepared.written;
  } catch (error) {
    removeTemporaries(staged);
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
  return { files: after.paths.length, rewritten: staged.length, removed: removed.length };
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

/** Removes the temporary files; one that cannot be removed (a folder of that name: its write failed) is left. */
function removeTemporaries(temporaries: readonly { temporary: string }[]): void {
  for (const { temporary } of temporaries) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Not one this update wrote.
    }
  }
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
