import type { OutputFile } from '../../generator/emit/emit-api.ts';

export interface FetchedFile {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/**
 * A fetch for the search client over built files held in memory, as if they were served at `origin`:
 * tests and the search benchmark answer queries with it, before anything is written.
 */
export function filesFetch(files: readonly OutputFile[], origin: string, onRequest: (url: string) => void = () => {}): (url: string) => Promise<FetchedFile> {
  const byUrl = new Map(files.map((file) => [`${origin}/${file.path}`, file.contents]));
  return async (url) => {
    onRequest(url);
    // Static hosts serve a file whatever the query string says.
    const body = byUrl.get(url.split('?')[0]);
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body ?? 'null') as unknown };
  };
}
