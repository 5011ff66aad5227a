// The run's scratch folders (test/support/run-scratch.ts): one folder of the run's own, which the test threads and
// the processes they start both take for the system's temporary folder, in memory where the system has room.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeAbandonedRuns, scratchBase } from './support/run-scratch.ts';

describe("the run's scratch folder", () => {
  it("is this thread's temporary folder: a folder of the run's own, under the base chosen for it", () => {
    expect(basename(tmpdir())).toMatch(/^folio-static-api-test-/);
    expect(tmpdir()).toBe(process.env.TMPDIR);
  });

  it("is a started process's temporary folder too", () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child.stdout).toBe(tmpdir());
  });

  it('is in a TMPDIR the user set, else in memory where there is room, else in the system temporary folder', () => {
    const own = mkdtempSync(join(tmpdir(), 'own-'));
    try {
      expect(scratchBase({ TMPDIR: own })).toBe(own);
    } finally {
      rmSync(own, { recursive: true });
    }
    expect(['/dev/shm', '/the/system/folder']).toContain(scratchBase({}, '/the/system/folder'));
  });

  it("is made after the folders of runs whose process is gone are removed, and no other's", () => {
    const base = mkdtempSync(join(tmpdir(), 'base-'));
    const names = ['folio-static-api-test-101-aaaaaa', 'folio-static-api-test-202-bbbbbb', 'folio-static-api-test-probe-cccccc', 'other-303-dddddd'];
    for (const name of names) mkdirSync(join(base, name));
    removeAbandonedRuns(base, (pid) => pid === 202);
    expect(names.map((name) => existsSync(join(base, name)))).toEqual([false, true, true, true]);
    rmSync(base, { recursive: true });
  });
});
