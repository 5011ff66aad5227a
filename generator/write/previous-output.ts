import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Manifest } from '../changes/manifest-table.ts';
import type { PreviousOutput } from './write-files.ts';
import { MANIFEST_FILE } from '../route/router.ts';

/** The previous build's manifest in an output folder, if there is a readable one. */
export function readPreviousManifest(outDir: string): Manifest | undefined {
  const text = readManifestText(outDir);
  return text === undefined ? undefined : Manifest.parse(text);
}

/** The manifest file's text as the previous build wrote it (the build cache is tied to its hash). */
function readManifestText(outDir: string): string | undefined {
  try {
    return readFileSync(join(outDir, MANIFEST_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/** What writeFiles needs to keep the files whose bytes did not change since the previous build in `dir`. */
export function reusableOutput(dir: string | undefined, previous: Manifest | undefined, current: Manifest): PreviousOutput | undefined {
  return dir && previous ? { dir, before: previous.files, now: current.files } : undefined;
}
