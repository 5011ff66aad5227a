import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether the file system that holds `folder` ignores letter case (macOS's and Windows' defaults), where
 * `Agent` and `agent` would be one file: probed with a file of its own, written and removed.
 */
export function foldsCase(folder: string): boolean {
  mkdirSync(folder, { recursive: true });
  const name = `.case-probe-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(join(folder, name), '');
  try {
    return existsSync(join(folder, name.toUpperCase()));
  } finally {
    rmSync(join(folder, name), { force: true });
  }
}
