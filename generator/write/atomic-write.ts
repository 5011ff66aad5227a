import { constants, rmSync } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import { writeWhole } from './whole-file.ts';

const TEMPORARY = /\.tmp-(\d+)$/;

/** Writes a file (its bytes, or its parts in order) under a temporary name and renames it into place, so no reader ever sees half of it. */
export function writeAtomically(target: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void> {
  return intoPlace(target, (temporary) => writeWhole(temporary, bytes));
}

/**
 * Copies a file under a temporary name and renames the copy into place (the system copies it, without this process
 * reading it; a file system that shares blocks until one copy is written, as Btrfs, XFS and APFS do, copies nothing).
 */
export function copyAtomically(source: string, target: string): Promise<void> {
  return intoPlace(target, (temporary) => copyFile(source, temporary, constants.COPYFILE_FICLONE));
}

/** Makes the file under a temporary name, then renames it to `target`; what a failure left is removed. */
function intoPlace(target: string, make: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${target}.tmp-${process.pid}`;
  return make(temporary)
    .then(() => rename(temporary, target))
    .catch((error: unknown) => {
      rmSync(temporary, { force: true });
      throw error;
    });
}

/** Whether a file name is another process's temporary (see writeAtomically): one a build that was killed left behind. */
export function isOthersTemporary(name: string): boolean {
  const pid = TEMPORARY.exec(name)?.[1];
  return pid !== undefined && Number(pid) !== process.pid;
}
