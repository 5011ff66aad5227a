import { readFileSync } from 'node:fs';

let client: string | undefined;
let layout: string | undefined;

/** index-layout.js's text: the start of the served client, and of the nginx handler (without `export`). */
export function indexLayoutSource(): string {
  layout ??= readFileSync(new URL('./client/index-layout.js', import.meta.url), 'utf8');
  return layout;
}

/**
 * The client module's text, one file with no imports: served as /search/client.js and inlined into host
 * workers. The layout module comes first, in place of the client's import of it and its re-export.
 */
export function searchClientSource(): string {
  client ??= `${indexLayoutSource()}\n${readFileSync(new URL('./client/search-client.js', import.meta.url), 'utf8')
    .replace(/^import \{[^}]*\} from '\.\/index-layout\.js';\n/m, '')
    .replace(/^export \{[^}]*\} from '\.\/index-layout\.js';\n/m, '')}`;
  return client;
}
