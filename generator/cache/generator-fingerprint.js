// Plain JavaScript, with its types in JSDoc: `npm run build`'s launcher (cli/build.js) runs it before any
// TypeScript is loaded, so Node need not load its TypeScript stripper (about 40 ms) to start a build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const GENERATOR = fileURLToPath(new URL('../', import.meta.url));
// npm's record of what is installed: the parsers and the XML writer make the cached blocks and emitted text too.
const INSTALLED = fileURLToPath(new URL('../../node_modules/.package-lock.json', import.meta.url));
// The command's launcher (run from source) and the bundle it starts each hold a copy of this module: hashes
// are kept on the global object, by folder, so a process reads the source files once (6 ms), not twice.
const SHARED = Symbol.for('folio-static-api.generator-fingerprints');
const holder = /** @type {{ [SHARED]?: Map<string, string> }} */ (globalThis);

/**
 * A hash of the generator's own source files and of the packages installed beside it: a cache holds parsed
 * triples and emitted text (the search index's entity JSON, its nodes and files), which another version of the
 * emitters or the parsers would make differently, so a cache is read only by the code that wrote it. About 6 ms,
 * once per process.
 * @returns {string}
 */
export function generatorFingerprint() {
  const fingerprints = (holder[SHARED] ??= new Map());
  let fingerprint = fingerprints.get(GENERATOR);
  if (fingerprint === undefined) {
    fingerprint = fingerprintOf(GENERATOR, INSTALLED);
    fingerprints.set(GENERATOR, fingerprint);
  }
  return fingerprint;
}

/**
 * The hash of a generator's source folder and of npm's record of the packages installed (when there is one).
 * @param {string} generator
 * @param {string} installed
 * @returns {string}
 */
export function fingerprintOf(generator, installed) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(generator)) hash.update(relative(generator, file)).update('\0').update(readFileSync(file)).update('\0');
  if (existsSync(installed)) hash.update(readFileSync(installed));
  return hash.digest('base64url').slice(0, 16);
}

/**
 * @param {string} folder
 * @returns {string[]}
 */
function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : /\.(ts|js|njs)$/.test(entry.name) ? [join(folder, entry.name)] : []));
}
