import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs an Astro build from a working folder of its own inside this package. Astro resolves the site's packages
 * from the working folder, and bundles the pages' server code into `.astro/.prerender/` under it when the output
 * lies elsewhere, deleting that folder when done: two builds run from one shared folder deleted each other's
 * code midway. The folder is removed afterwards.
 */
export async function inAstroWorkingFolder<T>(build: () => Promise<T>): Promise<T> {
  const parent = join(PACKAGE_ROOT, 'node_modules', '.cache', 'folio-static-api');
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(join(parent, 'astro-build-'));
  const workingFolder = process.cwd();
  process.chdir(folder);
  try {
    return await build();
  } finally {
    process.chdir(workingFolder);
    rmSync(folder, { recursive: true, force: true });
  }
}
