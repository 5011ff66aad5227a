// What kind of run the build command made, in plain JavaScript: the launcher (cli/command-script.js) reads it as
// the process exits, to keep V8's code for each kind of run (see there), and the bundled command sets it.
import { processWide } from './process-wide.js';

/** @type {ReturnType<typeof processWide<string>>} */
const kind = processWide('run-kind');

/**
 * Records what this run built, once it has: `api-full`, `api-update` or `site`.
 * @param {string} made
 */
export function noteRunKind(made) {
  kind.set(made);
}

/**
 * The kind of the run, if it built something.
 * @returns {string | undefined}
 */
export function runKind() {
  return kind.get();
}
