import { createHash } from 'node:crypto';

/** A file's hash in the manifest: its bytes' SHA-256, base64url, 132 bits. */
export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url').slice(0, 22);
}
