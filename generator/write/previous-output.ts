import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseManifest, type Manifest } from '../changes/manifest.ts';
import { MANIFEST_FILE } from '../route/router.ts';

/** The previous build's manifest in an output folder, if there is a readable one. */
export function readPreviousManifest(outDir: string): Manifest | undefined {
  try {
    return parseManifest(readFileSync(join(outDir, MANIFEST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}
