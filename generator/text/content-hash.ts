import { createHash, webcrypto } from 'node:crypto';

/** A file's hash in the manifest: its bytes' SHA-256, base64url, 132 bits. */
export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 22);
}

/** contentHash of bytes, worked out on one of libuv's threads (for files of tens of megabytes). */
export async function contentHashAside(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes))
    .toString('base64url')
    .slice(0, 22);
}
