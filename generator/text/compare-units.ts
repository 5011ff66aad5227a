/** UTF-16 code unit order, JavaScript's own `<`: what paths and ids are sorted by (code point order only without surrogates). */
export function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
