import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';

/** Every file under a folder (dot files too), by path in sorted order, with the SHA-256 of its bytes. */
export function folderHashes(folder: string): Map<string, string> {
  return new Map(
    fg
      .sync('**/*', { cwd: folder, dot: true })
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(join(folder, file)))
          .digest('hex'),
      ]),
  );
}

/** Whether a condition on the file system holds within `ms`, checked every `every` ms. */
export async function until(condition: () => boolean, ms = 10_000, every = 50): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, every))) if (condition()) return true;
  return condition();
}
