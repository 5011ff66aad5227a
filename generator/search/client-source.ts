import { readFileSync } from 'node:fs';

let source: string | undefined;

/** The client module's text: served unchanged as /search/client.js and inlined into host workers. */
export function searchClientSource(): string {
  source ??= readFileSync(new URL('./client/search-client.js', import.meta.url), 'utf8');
  return source;
}
