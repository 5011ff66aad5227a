// Fixtures several test files read without changing: built and served once per run by Vitest's main process
// (test/support/fixture-host.ts, a global setup), not once per file. A file asks for one by name; the first to
// ask has it started, the others wait for the same one; each holds a lease on it while it uses it. A site build
// and a wrangler start cost 5 and 9 s of CPU.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { inject } from 'vitest';
import type { BuiltSite } from './built-site.ts';
import { until } from './folder-state.ts';
import { fixtureFiles, leaseFile, type SharedFixtureName, type SharedFixtureReady } from './fixture-table.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder through which test files ask the fixture host for a fixture and learn where it is. */
    sharedFixtures: string;
  }
}

// Within Vitest's hook timeout (vitest.config.ts), so that this error is the one reported.
const WAIT_MS = 170_000;

let leases = 0;

/**
 * The shared fixture `name`, once the fixture host has it ready. Read only: other files use the same folder and
 * server at the same time. Its `close` gives the lease back (the host pauses a fixture no file holds, and stops
 * it when the run ends).
 */
export async function sharedFixture(name: SharedFixtureName): Promise<BuiltSite> {
  const folder = inject('sharedFixtures');
  const files = fixtureFiles(folder, name);
  const lease = leaseFile(folder, name, process.pid, threadId, (leases += 1));
  writeFileSync(lease, '');
  const giveBack = async () => rmSync(lease, { force: true });
  await until(() => existsSync(files.ready) || existsSync(files.failed), WAIT_MS, 100);
  if (!existsSync(files.ready)) {
    await giveBack();
    throw new Error(
      existsSync(files.failed)
        ? `the shared fixture ${name} failed: ${readFileSync(files.failed, 'utf8')}`
        : `the shared fixture ${name} was not ready within ${WAIT_MS / 1000} s`,
    );
  }
  const { out, baseUrl } = JSON.parse(readFileSync(files.ready, 'utf8')) as SharedFixtureReady;
  return { out, server: { baseUrl, stop: giveBack }, close: giveBack };
}
