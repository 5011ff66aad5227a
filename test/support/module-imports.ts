import ts from 'typescript';

/**
 * A module's relative imports, as written: static (side-effect, type-only and re-exports included) and
 * dynamic, found by TypeScript's own scanner (which skips strings and comments), and the worker entries it
 * starts (`new URL('./x.ts', import.meta.url)`).
 */
export function moduleImports(text: string): string[] {
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  const workers = [...text.matchAll(/new URL\('(\.[^']+\.ts)'/g)].map((match) => match[1]);
  return [...new Set([...imported, ...workers])].filter((target) => target.startsWith('.'));
}
