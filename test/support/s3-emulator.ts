import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess } from './server-process.ts';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

const EMULATOR = fileURLToPath(new URL('./s3-emulator-process.ts', import.meta.url));

/** The s3rver emulator on 127.0.0.1 with one empty bucket, its objects in a temporary folder (removed when it stops). */
export async function startS3(bucket = 'site'): Promise<RunningS3> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const server = await startServerProcess('s3rver', process.execPath, ['--openssl-legacy-provider', EMULATOR, directory, String(port), bucket], {
    baseUrl: endpoint,
    signal: 'SIGTERM',
    timeoutMs: 30_000,
    scratch: directory,
  });
  return { endpoint, bucket, stop: () => server.stop() };
}
