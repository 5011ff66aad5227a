import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { escapeRegExp } from './escape-regexp.ts';

// A module's imports of the others joined with it, and its re-exports of them: joined, they name nothing.
const RELATIVE = '\\.{1,2}\\/[\\w/-]+\\.js';

/**
 * Plain JavaScript modules' texts joined into one module with no imports, in the order given (each after the
 * ones it imports): what generated code inlines, so the build and the code it writes for a host share one
 * source. `packages`: dependency-free packages some of them import, joined first, each under a line naming its
 * version and licence.
 */
export function joinModules(files: readonly URL[], packages: readonly string[] = []): string {
  const imports = new RegExp(`^import \\{[^}]*\\} from '(${[RELATIVE, ...packages.map(escapeRegExp)].join('|')})';\\n`, 'gm');
  const reexports = new RegExp(`^export \\* from '${RELATIVE}';\\n`, 'gm');
  const part = (url: URL) => {
    const text = readFileSync(url, 'utf8').replace(imports, '').replace(reexports, '');
    // A module-level import left would name a file the joined module does not have beside it.
    if (/^import\s/m.test(text))
      throw new Error(`${url.pathname}: a joined module may import only the others and the packages joined with it, on one line each`);
    return text;
  };
  const require = createRequire(import.meta.url);
  const packageText = (name: string) => {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
      license: string;
      author?: string | { name: string };
    };
    const author = (typeof manifest.author === 'string' ? manifest.author : manifest.author?.name)?.replace(/\s*[<(].*$/, '');
    return `// ---- ${name} ${manifest.version} (${manifest.license}${author ? `, ${author}` : ''}) ----\n${part(pathToFileURL(require.resolve(name)))}`;
  };
  return [...packages.map(packageText), ...files.map(part)].join('\n');
}

/** A joined module as generated code inlines it into a script (a worker, a handler): its `export` keywords taken out. */
export function withoutExports(text: string): string {
  return text.replace(/^export /gm, '');
}
