import { rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

/** Writes a file under a temporary name and renames it into place, so no reader ever sees half of it. */
export function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${target}.tmp-${process.pid}`;
  return writeFile(temporary, bytes)
    .then(() => rename(temporary, target))
    .catch((error: unknown) => {
      rmSync(temporary, { force: true });
      throw error;
    });
}
