// Where the build command's bundle is (cli-bundle.ts makes it), in plain JavaScript with its types in JSDoc:
// `npm run build`'s launcher (build.js) finds the bundle before any TypeScript is loaded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generatorFingerprint } from '../cache/generator-fingerprint.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Where tools keep caches of a package's own (removed with node_modules; never in the repository).
export const BUNDLE_CACHE = join(PACKAGE_ROOT, 'node_modules', '.cache', 'folio-static-api');
// Written last: a bundle without it is not whole yet.
export const COMPLETE = 'complete.json';

/**
 * The bundle's folder for this source and these packages (which need not exist yet): the generator's fingerprint covers both.
 * @returns {string}
 */
export function bundleFolder() {
  return join(BUNDLE_CACHE, `cli-${generatorFingerprint()}`);
}

/**
 * The URL of an entry's bundled file, if the bundle for this source is complete.
 * @param {string} entry an entry module, relative to the generator folder (`cli/build-command.ts`)
 * @returns {URL | undefined}
 */
export function bundledEntry(entry, folder = bundleFolder()) {
  return existsSync(join(folder, COMPLETE)) ? pathToFileURL(join(folder, entryFileName(entry))) : undefined;
}

/**
 * @param {string} entry
 * @returns {string}
 */
export function entryFileName(entry) {
  return `${entry.replace(/^.*\//, '').replace(/\.ts$/, '')}.mjs`;
}
