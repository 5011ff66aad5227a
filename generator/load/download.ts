import { DownloadError } from '../errors.ts';

export interface Downloaded {
  text: string;
  contentType: string;
}

/**
 * Fetches an ontology the user named by URL; nothing else in the build touches the network. The time limit
 * covers the whole download, body included: a server that stalls midway fails the build too.
 */
export async function download(url: string, log: (line: string) => void, timeoutSeconds: number): Promise<Downloaded> {
  log(`downloading ${url}`);
  const signal = AbortSignal.timeout(timeoutSeconds * 1000);
  const failed = (error: unknown): DownloadError => {
    const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutSeconds} s` : (error as Error).message;
    return new DownloadError(
      `could not download ${url}: ${reason}`,
      'check the URL and your network, allow more time with --download-timeout, or download the file and pass its path',
    );
  };
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok) {
    throw new DownloadError(`could not download ${url}: HTTP ${response.status}`, 'check the URL');
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failed(error);
  }
  log(`downloaded ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB from ${url}`);
  return { text, contentType: response.headers.get('content-type') ?? '' };
}
