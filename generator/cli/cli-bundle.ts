// The build command as a few pre-bundled files: Node then loads one module instead of ~150 TypeScript modules
// and their dependencies, each resolved, read and stripped of types (the start-up was most of a one-label
// rebuild's wall time). The bundle is keyed by a hash of the generator's source and the installed packages,
// so it is never older than the code: after an edit the next command bundles again (about 0.3 s, once).
// The command itself is also bundled as one CommonJS script, which the launcher runs with V8's code kept from
// earlier runs (command-script.js); the threads load the modules.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, BuildResult, Plugin } from 'esbuild';
import { BUNDLE_CACHE, COMPLETE, PACKAGE_ROOT, bundleFolder, bundledEntry, entryFileName } from './bundle-location.js';
import { COMMAND_SCRIPT, SCRIPT_MODULE } from './command-script.js';
import { isRunning } from '../write/output-folder.ts';

export { bundleFolder, bundledEntry } from './bundle-location.js';

const GENERATOR = join(PACKAGE_ROOT, 'generator');

const COMMAND_ENTRY = 'cli/build-command.ts';

/** The entry modules: the command, and the threads it starts, which load the bundle's files too. */
export const BUNDLE_ENTRIES: readonly string[] = [
  COMMAND_ENTRY,
  'write/write-worker.ts',
  'pipeline/search-worker.ts',
  'worker/api-worker.ts',
  'write/file-worker.ts',
];

// Packages that find files of their own beside their code (binaries, assets) or are loaded only by the site
// build: they stay outside the bundle and are imported from node_modules as usual.
const EXTERNAL = ['astro', 'astro/*', 'pagefind', 'swagger-ui-dist', 'vite', '@aws-sdk/*', 'esbuild'];

const COMMON: BuildOptions = { bundle: true, platform: 'node', target: 'node22', external: EXTERNAL, logLevel: 'silent' };

/**
 * Bundles the entries into `folder` with esbuild (splitting shared code into chunks beside them), and the command
 * as one script, in a working folder renamed into place, so a command never reads half a bundle and two commands
 * bundling at once both end with a whole one. Other versions' bundles beside it are removed.
 */
export async function writeBundle(folder = bundleFolder()): Promise<void> {
  const { build } = await import('esbuild');
  const working = `${folder}.building-${process.pid}`;
  rmSync(working, { recursive: true, force: true });
  try {
    await Promise.all([
      build({
        ...COMMON,
        entryPoints: BUNDLE_ENTRIES.map((entry) => join(GENERATOR, entry)),
        outdir: working,
        entryNames: '[name]',
        outExtension: { '.js': '.mjs' },
        splitting: true,
        format: 'esm',
        // Bundled CommonJS packages call require() for Node's own modules; an ES module has no require of its own.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
        plugins: [generatorSources('import.meta.url')],
      }),
      build({
        ...COMMON,
        entryPoints: [join(GENERATOR, COMMAND_ENTRY)],
        outfile: join(working, COMMAND_SCRIPT),
        format: 'cjs',
        plugins: [generatorSources(`${SCRIPT_MODULE}.url`)],
        metafile: true,
      }).then(checkScript),
    ]);
    for (const name of readdirSync(working)) asciiOnly(join(working, name));
    writeFileSync(join(working, COMPLETE), `${JSON.stringify({ entries: BUNDLE_ENTRIES, script: COMMAND_SCRIPT })}\n`);
    mkdirSync(dirname(folder), { recursive: true });
    try {
      renameSync(working, folder);
    } catch (error) {
      // Another command put the same bundle in place first.
      if (!existsSync(join(folder, COMPLETE))) throw error;
    }
  } finally {
    rmSync(working, { recursive: true, force: true });
  }
  const parent = dirname(folder);
  for (const name of readdirSync(parent)) {
    // Another version's bundle, or the working folder of a command that was killed while bundling.
    const building = WORKING_FOLDER.exec(name);
    const stale = building ? !isRunning(Number(building[1])) : /^cli-[\w-]+$/.test(name) && join(parent, name) !== folder;
    if (stale) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

const WORKING_FOLDER = /^cli-[\w-]+\.building-(\d+)$/;

/**
 * Rewrites a bundled file's characters past ASCII (esbuild escapes them in strings, regular expressions and names,
 * but not in comments) as \u escapes, which mean the same anywhere they may stand: an ASCII file is read into a
 * one-byte string, in a quarter of the time a file with a few other characters takes (docs/performance.md).
 */
function asciiOnly(path: string): void {
  const text = readFileSync(path, 'utf8');
  // Line and paragraph separators end a comment as a line break does: one is refused rather than changed.
  if (/[\u2028\u2029]/.test(text)) throw new Error(`${relative(PACKAGE_ROOT, path)} holds a line or paragraph separator: the bundle cannot be made ASCII`);
  const ascii = text.replace(/[^\0-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(path, ascii);
}

/** The generator's modules as the bundle takes them (see generatorSource); `bundleUrl`: the bundled file's URL. */
function generatorSources(bundleUrl: string): Plugin {
  return { name: 'generator-sources', setup: (setup) => setup.onLoad({ filter: /\.(ts|js)$/ }, ({ path }) => generatorSource(path, bundleUrl)) };
}

/**
 * A generator module's text for the bundle: `import.meta.url` still names the module's own source file (the
 * site's pages, the search client, the nginx handler are read beside it), and a thread started from an entry
 * module loads that entry's bundled file. For the command's script, `import.meta.resolve` and the imports of
 * packages left out are the launcher's (see command-script.js).
 */
function generatorSource(path: string, bundleUrl: string): { contents: string; loader: 'ts' | 'js' } | undefined {
  if (!path.startsWith(GENERATOR)) return undefined;
  const entries = new Set(BUNDLE_ENTRIES.map((entry) => join(GENERATOR, entry)));
  // Every bundled file lies directly in the bundle's folder, one level below BUNDLE_CACHE, whatever its key.
  const source = `new URL(${JSON.stringify(relative(join(BUNDLE_CACHE, 'cli'), path))}, ${bundleUrl}).href`;
  const contents = readFileSync(path, 'utf8').replace(
    // Not where the name is quoted: the service worker's source replaces it as text.
    /new URL\('(\.[^']+\.ts)', import\.meta\.url\)|(?<!['"`])\bimport\.meta\.url\b(?!['"`])/g,
    (_whole, target: string | undefined) => {
      if (target === undefined) return source;
      const resolved = join(dirname(path), target);
      return entries.has(resolved)
        ? `new URL(${JSON.stringify(`./${entryFileName(relative(GENERATOR, resolved))}`)}, ${bundleUrl})`
        : `new URL('${target}', ${source})`;
    },
  );
  return { contents: bundleUrl === 'import.meta.url' ? contents : scriptImports(contents), loader: path.endsWith('.ts') ? 'ts' : 'js' };
}

/** A module's text for the command's script: what esbuild leaves as imports (packages left out, a URL made at run time) are the launcher's. */
function scriptImports(contents: string): string {
  const leftOut = (specifier: string) => EXTERNAL.some((name) => (name.endsWith('/*') ? specifier.startsWith(name.slice(0, -1)) : specifier === name));
  return contents
    .replace(/\bimport\.meta\.resolve\(/g, `${SCRIPT_MODULE}.resolve(`)
    .replace(/\bimport\((?:\s*(['"])([^'"]*)\1)?/g, (whole, _quote: string | undefined, specifier: string | undefined) =>
      specifier === undefined || leftOut(specifier) ? `${SCRIPT_MODULE}.import(${whole.slice('import('.length)}` : whole,
    );
}

/** A script that still reads `import.meta` or imports a module would fail where it does, in a user's build. */
function checkScript({ warnings, metafile }: BuildResult<{ metafile: true }>): void {
  const left = [
    ...warnings.filter(({ id }) => id === 'empty-import-meta').map(({ location }) => `import.meta in ${location?.file}:${location?.line}`),
    ...Object.values(metafile.outputs).flatMap(({ imports }) => imports.filter(({ kind }) => kind === 'dynamic-import').map(({ path }) => `import('${path}')`)),
  ];
  if (left.length > 0) throw new Error(`the command's script (${COMMAND_SCRIPT}) still holds ${left.join(', ')}: a script has neither (see generatorSource)`);
}

/**
 * Where to load an entry from: its bundled file, bundling first if this source has no bundle yet. When
 * bundling fails (a read-only install, say), the source module, which runs the same code more slowly.
 */
export async function commandModule(entry: string): Promise<URL> {
  const folder = bundleFolder();
  const bundled = bundledEntry(entry, folder);
  if (bundled) return bundled;
  try {
    await writeBundle(folder);
    return bundledEntry(entry, folder) ?? new URL(entry, pathToFileURL(`${GENERATOR}/`));
  } catch (error) {
    process.stderr.write(
      `note: running the build from its source, slower to start: the bundle could not be made (${error instanceof Error ? error.message : String(error)})\n`,
    );
    return new URL(entry, pathToFileURL(`${GENERATOR}/`));
  }
}
