import { readFileSync } from 'node:fs';

// The search core's files in the order they depend on each other: one module's text is theirs joined.
const CORE_FILES = ['index-layout.js', 'search-text.js', 'search-rank.js', 'prefix-lookup.js', 'search-core.js'];
// A core file's imports of the others, and its re-exports of them: joined into one module, they name nothing.
const LOCAL_IMPORT = /^import \{[^}]*\} from '\.{1,2}\/[\w/-]+\.js';\n/gm;
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
  core ??= CORE_FILES.map((file) => joinedPart(new URL(`./core/${file}`, import.meta.url))).join('\n');
  return core;
}

/** The client module's text, one file with no imports: served as /search/client.js and inlined into host workers. */
export function searchClientSource(): string {
  client ??= `${searchCoreSource()}\n${joinedPart(new URL('./client/search-client.js', import.meta.url))}`;
  return client;
}
