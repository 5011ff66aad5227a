import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFolder } from '../generator/write/cache-folder.ts';
import { prepareReading, previousReading } from '../generator/write/prepared-reading.ts';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'prepared-reading-'));
const out = join(scratch, 'out');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(async () => {
  expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only'])).code).toBe(0);
});

// A build server reads an output's previous build while it waits (cli/build-server.ts): the next update takes that
// reading only while every file it reads is as it was.
describe("a previous build's reading begun ahead", () => {
  it('is the one the next update of that output takes, once', async () => {
    const reading = prepareReading(out);
    expect(previousReading(out, { forUpdate: true })).toBe(reading);
    expect(previousReading(out, { forUpdate: true })).not.toBe(reading);
    expect((await reading.build)?.cache).toBeDefined();
  });

  it.each([
    ['a build that does not update', () => {}, { forUpdate: false }, out],
    ['a build of another output', () => {}, { forUpdate: true }, join(scratch, 'other')],
    [
      'a cache file renamed over since',
      () => {
        const folder = cacheFolder(out);
        const name = readdirSync(folder).find((file) => file.startsWith('build-cache.')) ?? '';
        cpSync(join(folder, name), join(folder, `${name}.copy`));
        renameSync(join(folder, `${name}.copy`), join(folder, name));
      },
      { forUpdate: true },
      out,
    ],
    ['an update marked as under way since', () => writeFileSync(join(out, '_build/updating'), ''), { forUpdate: true }, out],
  ])('is not taken by %s', (_, change, options, outDir) => {
    const reading = prepareReading(out);
    change();
    expect(previousReading(outDir, options)).not.toBe(reading);
    rmSync(join(out, '_build/updating'), { force: true });
  });
});
