// When an update fails on a fault of its own, the build is made in full instead, with a warning: the user
// never has to delete the cache by hand. The update is made to fail here; everything else is the real build.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveOptions } from '../generator/config/options.ts';
import { UserError } from '../generator/errors.ts';
import { buildApiFolder } from '../generator/pipeline/build-api-folder.ts';
import { cacheFolder } from '../generator/write/cache-folder.ts';
import { fullBuildContents, outputContents } from './support/full-build-output.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const failure = vi.hoisted(() => ({ next: undefined as Error | undefined }));
vi.mock('../generator/pipeline/update-build.ts', async (original) => {
  const real = await original<typeof import('../generator/pipeline/update-build.ts')>();
  return {
    updateBuild: (...args: Parameters<typeof real.updateBuild>) => {
      const error = failure.next;
      failure.next = undefined;
      return error ? Promise.reject(error) : real.updateBuild(...args);
    },
  };
});

const scratch = mkdtempSync(join(tmpdir(), 'update-fallback-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('an update that fails', () => {
  const source = join(scratch, 'ontology');
  const out = join(scratch, 'dist');
  const options = resolveOptions({ ontology: source, out, baseUrl: 'https://site.example/', apiOnly: true }, {});
  const lines: string[] = [];
  const progress = { log: (line: string) => lines.push(line) };
  const cacheEntries = () => readdirSync(cacheFolder(out));
  const relabel = (from: string, to: string) =>
    writeFileSync(
      join(source, 'sample.owl'),
      readFileSync(join(source, 'sample.owl'), 'utf8').replace(`<rdfs:label>${from}</rdfs:label>`, `<rdfs:label>${to}</rdfs:label>`),
    );

  it('on an internal fault, builds in full with an update-failed warning', async () => {
    cpSync(SAMPLE_ONTOLOGY, source, { recursive: true });
    await buildApiFolder(options, options, progress);
    relabel('Contract', 'Contract of Sale');
    failure.next = new TypeError("Cannot read properties of undefined (reading 'nodes')");
    const summary = await buildApiFolder(options, options, progress);
    expect(summary.written.updated).toBeUndefined();
    expect(summary.warnings.filter((warning) => warning.startsWith('update-failed: '))).toEqual([
      "update-failed: updating the previous output in place failed (Cannot read properties of undefined (reading 'nodes')), so everything was built again; please report this with the ontology edit that caused it",
    ]);
    expect(outputContents(out)).toEqual(await fullBuildContents(options));
    // The cache the full build wrote serves the next edit as an update again.
    relabel('Contract of Sale', 'Contract of Lease');
    expect((await buildApiFolder(options, options, progress)).written.updated).toBeDefined();
  });

  it('on a mistake in the input, reports it as the build would, without building again', async () => {
    relabel('Contract of Lease', 'Contract of Hire');
    failure.next = new UserError('sample.owl:3:1: something the user must fix', 'fix it');
    const copies = () => cacheEntries().filter((name) => /^source-[\w-]+\.bytes$/.test(name));
    const copiesBefore = copies();
    expect(copiesBefore).toHaveLength(1);
    await expect(buildApiFolder(options, options, progress)).rejects.toThrow('something the user must fix');
    // Settled before the build reports: nothing is left half-written, and the copy the failed build made (before
    // it read the file) is removed, the previous build's kept.
    expect(cacheEntries().filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(copies()).toEqual(copiesBefore);
  });
});
