import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The search core's files in the order they depend on each other: one module's text is theirs joined.
const CORE_FILES = [
  'index-layout.js',
  'search-text.js',
  'search-rank.js',
  'prefix-lookup.js',
  'definition-text.js',
  'definition-rank.js',
  'label-rank.js',
  'search-core.js',
];
// Packages the core imports, joined before its files: each is one dependency-free module.
const CORE_PACKAGES = ['stemmer'];
// A core file's imports of the others and of those packages, and its re-exports: joined into one module, they name nothing.
const LOCAL_IMPORT = new RegExp(`^import \\{[^}]*\\} from '(\\.{1,2}\\/[\\w/-]+\\.js|${CORE_PACKAGES.join('|')})';\\n`, 'gm');
const LOCAL_REEXPORT = /^export \* from '\.{1,2}\/[\w/-]+\.js';\n/gm;

let core: string | undefined;
let client: string | undefined;

/** A core or client file's text as part of the joined module: its imports of the others taken out. */
function joinedPart(url: URL): string {
  const text = readFileSync(url, 'utf8').replace(LOCAL_IMPORT, '').replace(LOCAL_REEXPORT, '');
  // A module-level import left would name a file the joined module does not have beside it.
  if (/^import\s/m.test(text)) throw new Error(`${url.pathname}: the search core's files may import only each other, on one line each`);
  return text;
}

/**
 * The search core as one module with no imports (generator/search/core/, its files joined in order): the start
 * of the served client, and, with `export` taken out, of nginx's handler.
 */
export function searchCoreSource(): string {
  core ??= [...CORE_PACKAGES.map(packageSource), ...CORE_FILES.map((file) => joinedPart(new URL(`./core/${file}`, import.meta.url)))].join('\n');
  return core;
}

/** A package's module as part of the joined core, under a line that names it, its version and its licence. */
function packageSource(name: string): string {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
    version: string;
    license: string;
    author?: string | { name: string };
  };
  const author = (typeof manifest.author === 'string' ? manifest.author : manifest.author?.name)?.replace(/\s*[<(].*$/, '');
  const text = joinedPart(new URL(`file://${require.resolve(name)}`));
  return `// ---- ${name} ${manifest.version} (${manifest.license}${author ? `, ${author}` : ''}) ----\n${text}`;
}

/** The client module's text, one file with no imports: served as /search/client.js and inlined into host workers. */
export function searchClientSource(): string {
  client ??= `${searchCoreSource()}\n${joinedPart(new URL('./client/search-client.js', import.meta.url))}`;
  return client;
}
