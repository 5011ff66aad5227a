// The build command run as one script, with V8's compiled code for every function earlier runs called, in plain
// JavaScript (the launcher, cli/build.js, loads it before any TypeScript). Node's compile cache keeps only what
// V8 compiles as a module loads, its top level: every function is parsed and compiled again when first called
// (about 50 ms of a one-label rebuild here, docs/performance.md). V8 hands out the code of a script after it has
// run, and takes it back when that script is compiled again; Node offers that for a script (node:vm), not for
// an ES module, so cli-bundle.ts also bundles the command as one CommonJS script.
import { isAscii } from 'node:buffer';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { runKind } from './run-kind.js';

/** The command as one CommonJS script, beside the bundle's modules. */
export const COMMAND_SCRIPT = 'build-command.cjs';
/**
 * The script's name for what a module would read of `import.meta` and `import()`, which a script has not:
 * cli-bundle.ts writes `__module.url`, `__module.resolve(…)` and `__module.import(…)` in their place.
 */
export const SCRIPT_MODULE = '__module';
// `code-cache.{kinds}.v8`: V8's code for the script, and the kinds of run it holds the code of, joined by `+`.
const CODE_CACHE = /^code-cache\.([\w+-]+)\.v8$/;
// The kind of a run that built nothing (--help, a refused option): its code is the command's start.
const START = 'start';

/**
 * Whether a bundle's folder holds the command's script (a source folder, where the build runs unbundled, does not).
 * @param {string} folder
 */
export function hasCommandScript(folder) {
  return existsSync(join(folder, COMMAND_SCRIPT));
}

/**
 * Runs the command's script from the bundle's folder (the command line is the process's). As the process exits,
 * V8's code is kept beside it when there was none that V8 took, or when the run was of a kind the kept code has
 * not run yet (a first update after a full build): a few milliseconds once per kind, none otherwise.
 * @param {string} folder
 */
export function runCommandScript(folder) {
  // V8 drops the code of a function not called for a while at a full collection: kept, the code made after an
  // update still holds what a full build ran. Set before the script is compiled, as in every run: V8 takes code
  // made under the same flags only.
  setFlagsFromString('--no-flush-bytecode');
  const file = join(folder, COMMAND_SCRIPT);
  // The switch that turns Node's compile cache off turns this one off too.
  const keeping = !process.env.NODE_DISABLE_COMPILE_CACHE;
  const cached = keeping ? readCodeCache(folder) : undefined;
  // The wrapper on the script's first line, so that a stack trace's lines are the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname, ${SCRIPT_MODULE}) {${readScript(file)}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData: cached?.bytes });
  if (keeping) process.once('exit', () => keepCode(folder, script, cached));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, folder, {
    url: pathToFileURL(file).href,
    /** @param {string} specifier */
    resolve: (specifier) => import.meta.resolve(specifier),
    /** @param {string} specifier */
    import: (specifier) => import(specifier),
  });
}

/**
 * The script's text: the bundle writes it in ASCII, read as one byte a character (a fifth of the time UTF-8
 * decoding takes here), or as UTF-8 where it is not.
 * @param {string} file
 */
function readScript(file) {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The code kept beside the script, if any.
 * @param {string} folder
 * @returns {{ kinds: string[], bytes: Buffer } | undefined}
 */
function readCodeCache(folder) {
  try {
    for (const name of readdirSync(folder)) {
      const kinds = CODE_CACHE.exec(name)?.[1];
      if (kinds !== undefined) return { kinds: kinds.split('+'), bytes: readFileSync(join(folder, name)) };
    }
  } catch {
    // None to read: the script is compiled from its text.
  }
  return undefined;
}

/**
 * @param {string} folder
 * @param {Script} script
 * @param {{ kinds: string[] } | undefined} cached
 */
function keepCode(folder, script, cached) {
  const kind = runKind() ?? START;
  const taken = cached !== undefined && !script.cachedDataRejected;
  if (taken && (kind === START || cached.kinds.includes(kind))) return;
  // Past the return, a kind the kept code has not run yet: added to the ones it holds (a start's code is any run's).
  const kinds = [...(taken ? cached.kinds.filter((each) => each !== START) : []), kind].sort();
  const name = `code-cache.${kinds.join('+')}.v8`;
  try {
    const temporary = join(folder, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, join(folder, name));
    for (const other of readdirSync(folder)) if (CODE_CACHE.test(other) && other !== name) rmSync(join(folder, other), { force: true });
  } catch {
    // A folder the build cannot write to (a read-only install) keeps what it has: the next run compiles as this one did.
  }
}
