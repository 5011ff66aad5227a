import { createHash, type Hash } from 'node:crypto';

/** A file's hash in the manifest: its bytes' SHA-256, base64url, 132 bits. */
export function contentHash(contents: string | Uint8Array): string {
  return contentHashOf(createHash('sha256').update(contents));
}

/** contentHash of what a SHA-256 hash was given, piece by piece (for files of tens of megabytes). */
export function contentHashOf(sha256: Hash): string {
  return sha256.digest('base64url').slice(0, 22);
}
