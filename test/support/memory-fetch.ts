import type { OutputFile } from '../../generator/emit/emit-api.ts';
import { filesFetch } from './files-fetch.ts';

/** A fetch over built files held in memory, recording every URL it is asked for. */
export function memoryFetch(files: readonly OutputFile[], origin: string) {
  const requested: string[] = [];
  return { fetch: filesFetch(files, origin, (url) => requested.push(url)), requested };
}
