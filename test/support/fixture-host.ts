// Vitest's global setup: the host of the shared fixtures (see shared-fixtures.ts). It runs in the main process,
// which outlives every test file, so a server it starts can serve all the files that ask for it. A fixture is
// made only when some file takes a lease on it: a run of one file that needs none starts nothing. While no file
// holds a lease, its processes are paused: an idle wrangler polls its files (2 s of CPU a minute), and a paused
// one costs nothing and continues at once, where a new one would cost 9 s of CPU.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { isRunning } from '../../generator/write/output-folder.ts';
import type { BuiltSite } from './built-site.ts';
import { fixtureFiles, leaseHolder, SHARED_FIXTURES, type SharedFixtureName, type SharedFixtureReady } from './fixture-table.ts';

const POLL_MS = 100;

function isFixtureName(name: string): name is SharedFixtureName {
  return Object.hasOwn(SHARED_FIXTURES, name);
}

/** Written whole, then renamed: a file that sees it reads all of it. */
function tell(path: string, text: string): void {
  writeFileSync(`${path}.partial`, text);
  renameSync(`${path}.partial`, path);
}

export default function setup(project: TestProject): () => Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'shared-fixtures-'));
  project.provide('sharedFixtures', folder);
  const started = new Map<string, Promise<BuiltSite | undefined>>();
  const running = new Map<string, { site: BuiltSite; paused: boolean }>();
  const announce = (name: string, site: BuiltSite) =>
    tell(fixtureFiles(folder, name).ready, JSON.stringify({ out: site.out, baseUrl: site.server.baseUrl } satisfies SharedFixtureReady));
  const start = async (name: string): Promise<BuiltSite | undefined> => {
    const files = fixtureFiles(folder, name);
    if (!isFixtureName(name)) {
      tell(files.failed, `no shared fixture is named ${name}`);
      return undefined;
    }
    try {
      const site = await SHARED_FIXTURES[name]();
      running.set(name, { site, paused: false });
      announce(name, site);
      return site;
    } catch (error) {
      tell(files.failed, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
  /** The fixtures some living test process holds a lease on (the leases of processes gone are dropped). */
  const leased = (): Set<string> => {
    const names = new Set<string>();
    for (const entry of readdirSync(folder)) {
      const holder = leaseHolder(entry);
      if (!holder) continue;
      if (isRunning(holder.pid)) names.add(holder.name);
      else rmSync(join(folder, entry), { force: true });
    }
    return names;
  };
  const poll = setInterval(() => {
    if (!existsSync(folder)) return;
    const holders = leased();
    for (const name of holders) {
      if (!started.has(name)) started.set(name, start(name));
      const fixture = running.get(name);
      if (fixture?.paused) {
        fixture.site.server.resume?.();
        fixture.paused = false;
        announce(name, fixture.site);
      }
    }
    for (const [name, fixture] of running) {
      if (fixture.paused || holders.has(name) || !fixture.site.server.pause) continue;
      // The ready file goes first, then the leases are read again: a file that takes a lease after this finds no
      // ready file and waits for the host to continue the fixture, and one that took it before is seen here.
      rmSync(fixtureFiles(folder, name).ready, { force: true });
      if (leased().has(name)) {
        announce(name, fixture.site);
        continue;
      }
      fixture.site.server.pause();
      fixture.paused = true;
    }
  }, POLL_MS);
  return async () => {
    clearInterval(poll);
    const sites = await Promise.all(started.values());
    await Promise.all(sites.map((site) => site?.close()));
    rmSync(folder, { recursive: true, force: true });
  };
}
