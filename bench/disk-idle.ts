import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const DISK_STATS = '/proc/diskstats';

/** Milliseconds the kernel has spent on I/O, summed over every disk (field 13 of /proc/diskstats). */
function ioMilliseconds(): number {
  return readFileSync(DISK_STATS, 'utf8')
    .split('\n')
    .reduce((total, line) => total + (Number(line.trim().split(/\s+/)[12]) || 0), 0);
}

/**
 * Flushes pending writes and waits until the disks have been idle for `quietSeconds`, so a previous run's
 * writes and deletions (trimmed long after the files are gone on a disk mounted with `discard`) are not
 * timed as part of this one. Returns the seconds waited.
 */
export async function waitForIdleDisk(quietSeconds = 3, maxSeconds = 180): Promise<number> {
  const started = performance.now();
  spawnSync('sync');
  if (!existsSync(DISK_STATS)) return 0;
  let last = ioMilliseconds();
  let quiet = 0;
  while (quiet < quietSeconds && performance.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = ioMilliseconds();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}
