// Vitest's global setup: the host of the shared fixtures (see shared-fixtures.ts). It runs in the main process,
// which outlives every test file, so a server it starts can serve all the files that ask for it. A fixture is
// made only when some file asks for it: a run of one file that needs none starts nothing.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { BuiltSite } from './built-site.ts';
import { fixtureFiles, SHARED_FIXTURES, type SharedFixtureName, type SharedFixtureReady } from './fixture-table.ts';

const POLL_MS = 100;

function isFixtureName(name: string): name is SharedFixtureName {
  return Object.hasOwn(SHARED_FIXTURES, name);
}

export default function setup(project: TestProject): () => Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'shared-fixtures-'));
  project.provide('sharedFixtures', folder);
  const started = new Map<string, Promise<BuiltSite | undefined>>();
  const start = async (name: string): Promise<BuiltSite | undefined> => {
    const files = fixtureFiles(folder, name);
    // Written whole, then renamed: a file that sees it reads all of it.
    const tell = (path: string, text: string) => {
      writeFileSync(`${path}.partial`, text);
      renameSync(`${path}.partial`, path);
    };
    if (!isFixtureName(name)) {
      tell(files.failed, `no shared fixture is named ${name}`);
      return undefined;
    }
    try {
      const site = await SHARED_FIXTURES[name]();
      tell(files.ready, JSON.stringify({ out: site.out, baseUrl: site.server.baseUrl } satisfies SharedFixtureReady));
      return site;
    } catch (error) {
      tell(files.failed, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
  const poll = setInterval(() => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (!entry.endsWith('.wanted')) continue;
      const name = entry.slice(0, -'.wanted'.length);
      if (!started.has(name)) started.set(name, start(name));
    }
  }, POLL_MS);
  return async () => {
    clearInterval(poll);
    const sites = await Promise.all(started.values());
    await Promise.all(sites.map((site) => site?.close()));
    rmSync(folder, { recursive: true, force: true });
  };
}
