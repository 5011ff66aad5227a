import { join, relative, resolve, sep } from 'node:path';

// Refuses any path that would land outside the output folder.
export function targetPath(root: string, path: string): string {
  // The build's own paths, checked without path's normalising (a tenth of the write thread's time).
  if (isPlainRelative(path) && !root.endsWith(sep)) return `${root}${sep}${path}`;
  const target = join(root, path);
  const inside = relative(root, target);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || resolve(target) !== target) {
    throw new Error(`refusing to write outside the output folder: ${path}`);
  }
  return target;
}

const SLASH = 0x2f;
const DOT = 0x2e;

/** "/"-separated names, none of them empty, "." or "..": a path that joins to a folder as written (POSIX only). */
function isPlainRelative(path: string): boolean {
  if (sep !== '/' || path.length === 0) return false;
  let start = 0;
  for (let at = 0; at <= path.length; at += 1) {
    if (at < path.length && path.charCodeAt(at) !== SLASH) continue;
    const length = at - start;
    if (length === 0 || (path.charCodeAt(start) === DOT && (length === 1 || (length === 2 && path.charCodeAt(start + 1) === DOT)))) return false;
    start = at + 1;
  }
  return true;
}
