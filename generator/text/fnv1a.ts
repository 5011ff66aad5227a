/**
 * FNV-1a over a string's UTF-16 units, as an unsigned 32-bit number: a fast hash that is the same in every
 * build and runtime. Self-contained, so generated worker code can inline it with `fnv1a.toString()`.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193) >>> 0;
  return hash;
}
