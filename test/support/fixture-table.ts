// The fixtures test files share, and the files through which they are asked for (see shared-fixtures.ts). Kept
// apart from Vitest's test API: the fixture host, in Vitest's main process, reads this table too.
import { join } from 'node:path';
import { buildAndServe, type BuiltSite } from './built-site.ts';
import { SAMPLE_ONTOLOGY } from './shared-data.ts';
import { startWranglerPages } from './wrangler.ts';

/** Each shared fixture, by name: how the fixture host makes it. */
export const SHARED_FIXTURES = {
  // The sample's whole site, built for the address wrangler pages dev then serves it on.
  sampleSiteOnWrangler: () => buildAndServe(['--ontology', SAMPLE_ONTOLOGY, '--base-url', 'http://127.0.0.1:{port}/'], startWranglerPages),
  // The sample's API alone, its entities' files packed into bundles (Cloudflare's file limit), the same way.
  sampleBundledOnWrangler: () =>
    buildAndServe(['--ontology', SAMPLE_ONTOLOGY, '--api-only', '--bundle-entities', '--base-url', 'http://127.0.0.1:{port}/'], startWranglerPages),
} as const satisfies Record<string, () => Promise<BuiltSite>>;

export type SharedFixtureName = keyof typeof SHARED_FIXTURES;

/** What a ready fixture tells the files that use it. */
export interface SharedFixtureReady {
  out: string;
  baseUrl: string;
}

/** The files through which a fixture is said to be ready or to have failed. */
export function fixtureFiles(folder: string, name: string): { ready: string; failed: string } {
  return { ready: join(folder, `${name}.json`), failed: join(folder, `${name}.failed`) };
}

/**
 * The file by which a test file holds a lease on the fixture `name` (see fixture-host.ts): the process `pid` it runs
 * in, and its thread and lease numbers, since test files run side by side as threads of one process.
 */
export function leaseFile(folder: string, name: string, pid: number, thread: number, number: number): string {
  return join(folder, `${name}.lease-${pid}-${thread}-${number}`);
}

/** Whose lease a file in the fixtures' folder is, if it is one. */
export function leaseHolder(entry: string): { name: string; pid: number } | undefined {
  const match = /^(\w+)\.lease-(\d+)-\d+-\d+$/.exec(entry);
  return match ? { name: match[1], pid: Number(match[2]) } : undefined;
}
