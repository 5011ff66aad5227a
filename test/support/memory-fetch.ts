import type { OutputFile } from '../../generator/emit/emit-api.ts';

/** A fetch over built files held in memory, recording every URL it is asked for. */
export function memoryFetch(files: readonly OutputFile[], origin: string) {
  const byUrl = new Map(files.map((file) => [`${origin}/${file.path}`, file.contents]));
  const requested: string[] = [];
  const fetch = async (url: string) => {
    requested.push(url);
    const body = byUrl.get(url);
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body ?? 'null') as unknown };
  };
  return { fetch, requested };
}
