import { rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { writeWhole } from './whole-file.ts';

const TEMPORARY = /\.tmp-(\d+)$/;

/** Writes a file (its bytes, or its parts in order) under a temporary name and renames it into place, so no reader ever sees half of it. */
export function writeAtomically(target: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void> {
  const temporary = `${target}.tmp-${process.pid}`;
  return writeWhole(temporary, bytes)
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
