import { joinModules } from '../text/joined-modules.ts';

// The search core's files in the order they depend on each other: one module's text is theirs joined.
const CORE_FILES = [
  'index-layout.js',
  'search-text.js',
  'search-rank.js',
  'prefix-lookup.js',
  'definition-text.js',
  'definition-rank.js',
  'label-rank.js',
  'word-layout.js',
  'label-lookup.js',
  'definition-lookup.js',
  'word-search.js',
  'live-parameters.js',
  'fuzzy-ratio.js',
  'live-query.js',
  'live-answers.js',
  'search-core.js',
  'negotiate.js',
];
// Packages the core imports, joined before its files: each is one dependency-free module.
const CORE_PACKAGES = ['stemmer'];

let core: string | undefined;
let client: string | undefined;
let text: string | undefined;

/**
 * The search core as one module with no imports (generator/search/core/, its files joined in order): the start
 * of the served client, and, with `export` taken out, of nginx's handler.
 */
export function searchCoreSource(): string {
  core ??= joinModules(
    CORE_FILES.map((file) => new URL(`./core/${file}`, import.meta.url)),
    CORE_PACKAGES,
  );
  return core;
}

/** The client module's text, one file with no imports: served as /search/client.js and inlined into host workers. */
export function searchClientSource(): string {
  client ??= `${searchCoreSource()}\n${joinModules([new URL('./client/search-client.js', import.meta.url)])}`;
  return client;
}

/** The core's text functions as one module (core/search-text.js, which imports nothing): served for the site's search box, which needs no more of the core. */
export function searchTextSource(): string {
  text ??= joinModules([new URL('./core/search-text.js', import.meta.url)]);
  return text;
}
