// A value the launcher (cli/build.js) and the bundled command share, in plain JavaScript: each holds a copy of the
// modules that use it, so the value is kept on the global object, under a symbol registered by name.

/**
 * @template T
 * @param {string} name
 * @returns {{ get(): T | undefined, set(value: T): void }}
 */
export function processWide(name) {
  const key = Symbol.for(`folio-static-api.${name}`);
  const holder = /** @type {Record<symbol, T | undefined>} */ (/** @type {unknown} */ (globalThis));
  return {
    get: () => holder[key],
    set: (value) => {
      holder[key] = value;
    },
  };
}
