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
// A build that starts Node again in place of itself (cli/malloc-tunables.js) hands its fingerprint to the new
// start in the environment, which then need not read every source file again (30 ms on a slow machine). It is
// taken out of the environment as soon as it is read, so that no process the build starts inherits it.
const HANDED_OVER = 'FOLIO_STATIC_API_GENERATOR_FINGERPRINT';

/**
 * A hash of the generator's own source files and of the packages installed beside it: a cache holds parsed
 * triples and emitted text (the search index's entity JSON, its nodes and files), which another version of the
 * emitters or the parsers would make differently, so a cache is read only by the code that wrote it. About 6 ms,
 * once per process.
 * @returns {string}
 */
export function generatorFingerprint() {
  const fingerprints = (holder[SHARED] ??= takeHandedOver(new Map()));
  let fingerprint = fingerprints.get(GENERATOR);
  if (fingerprint === undefined) {
    fingerprint = fingerprintOf(GENERATOR, INSTALLED);
    fingerprints.set(GENERATOR, fingerprint);
  }
  return fingerprint;
}

/**
 * `env` with this generator's fingerprint added, for the same command started again in this process.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withFingerprint(env) {
  return { ...env, [HANDED_OVER]: JSON.stringify([GENERATOR, generatorFingerprint()]) };
}

/**
 * `fingerprints` with the one handed over in the environment, if any (then gone from it).
 * @param {Map<string, string>} fingerprints
 * @returns {Map<string, string>}
 */
function takeHandedOver(fingerprints) {
  const handedOver = process.env[HANDED_OVER];
  if (handedOver === undefined) return fingerprints;
  delete process.env[HANDED_OVER];
  const [folder, fingerprint] = parsedOrNothing(handedOver);
  if (typeof folder === 'string' && typeof fingerprint === 'string') fingerprints.set(folder, fingerprint);
  return fingerprints;
}

/**
 * The value as a list, or an empty one where it is not one (set by something else): then the files are read.
 * @param {string} value
 * @returns {unknown[]}
 */
function parsedOrNothing(value) {
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
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
