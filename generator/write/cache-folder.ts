import { basename, dirname, join, resolve } from 'node:path';

/** Beside the output, not in it, so hosts never serve it: `dist` → `.dist.cache`. */
export function cacheFolder(outDir: string): string {
  const target = resolve(outDir);
  return join(dirname(target), `.${basename(target)}.cache`);
}
