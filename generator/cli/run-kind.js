// What kind of run the build command made, in plain JavaScript: the launcher (cli/command-script.js) reads it as
// the process exits, to keep V8's code for each kind of run (see there), and the bundled command sets it. They
// hold two copies of this module, so the kind is kept on the global object.
const RUN_KIND = Symbol.for('folio-static-api.run-kind');
const holder = /** @type {{ [RUN_KIND]?: string }} */ (globalThis);

/**
 * Records what this run built, once it has: `api-full`, `api-update` or `site`.
 * @param {string} kind
 */
export function noteRunKind(kind) {
  holder[RUN_KIND] = kind;
}

/**
 * The kind of the run, if it built something.
 * @returns {string | undefined}
 */
export function runKind() {
  return holder[RUN_KIND];
}
