import { DownloadError } from './errors.ts';

export const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface Downloaded {
  text: string;
  contentType: string;
}

/** Fetches an ontology the user named by URL; nothing else in the build touches the network. */
export async function download(url: string, log: (line: string) => void): Promise<Downloaded> {
  log(`downloading ${url}`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${DOWNLOAD_TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw new DownloadError(`could not download ${url}: ${reason}`, 'check the URL and your network, or download the file and pass its path');
  }
  if (!response.ok) {
    throw new DownloadError(`could not download ${url}: HTTP ${response.status}`, 'check the URL');
  }
  const text = await response.text();
  log(`downloaded ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB from ${url}`);
  return { text, contentType: response.headers.get('content-type') ?? '' };
}
