// Plain JavaScript with its types in JSDoc, no imports: the Cloudflare worker inlines this file's text (see
// generator/route/bundle-of.js), so the build and the worker hash with the very same code.

/**
 * FNV-1a over a string's UTF-16 units, as an unsigned 32-bit number: a fast hash that is the same in every
 * build and runtime.
 * @param {string} text @returns {number}
 */
export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193) >>> 0;
  return hash;
}
