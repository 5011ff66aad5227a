import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DOWNLOADS, MANIFEST_FILE, UPDATING_FILE } from '../route/paths.ts';
import { readPreviousBuild, type PreviousReading } from './build-cache.ts';
import { cacheFolder } from './cache-folder.ts';

/**
 * A reading of an output's previous build begun ahead of the build that will use it: a build server (cli/build-server.ts)
 * begins one while it waits, so that the next update finds the cache read and decoded. It is used only while every
 * file such a reading reads is as it was when it began (the cache's files, manifest.json, the downloads, the
 * update marker): any build in between renames new ones into place, and the reading is then made again.
 */
let prepared: { outDir: string; stamp: string; reading: PreviousReading } | undefined;

/** Begins reading the output's previous build for the next update (the one prepared before is let go), and returns it. */
export function prepareReading(outDir: string): PreviousReading {
  const stamp = stampOf(outDir);
  const reading = readPreviousBuild(outDir, { forUpdate: true });
  // Its failures are the build's to report, if a build takes it; none is left unhandled meanwhile.
  reading.load.catch(() => {});
  reading.build.catch(() => {});
  prepared = { outDir, stamp, reading };
  return reading;
}

/** The reading of the output's previous build for a build: the prepared one where it still holds, else one begun now. */
export function previousReading(outDir: string, { forUpdate }: { forUpdate: boolean }): PreviousReading {
  const ready = prepared;
  prepared = undefined;
  if (forUpdate && ready?.outDir === outDir && ready.stamp === stampOf(outDir)) return ready.reading;
  return readPreviousBuild(outDir, { forUpdate });
}

// Each file a reading reads, by its identity and size and when it was written: a file renamed over it changes them.
function stampOf(outDir: string): string {
  const folder = cacheFolder(outDir);
  const names = existsSync(folder) ? readdirSync(folder).sort() : [];
  const paths = [
    ...names.map((name) => join(folder, name)),
    join(outDir, MANIFEST_FILE),
    join(outDir, UPDATING_FILE),
    ...DOWNLOADS.map(({ path }) => join(outDir, path)),
  ];
  return paths
    .map((path) => {
      const stat = statSync(path, { throwIfNoEntry: false });
      return stat ? `${path} ${stat.ino} ${stat.size} ${stat.mtimeMs}` : `${path} -`;
    })
    .join('\n');
}
