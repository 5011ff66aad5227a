// The build cache's stored shape is fingerprinted against CACHE_VERSION: a change of shape that is not also a
// change of version fails here, so an older cache is never misread by newer code.
import { readFileSync } from 'node:fs';
import { deserializeSectioned as deserialize, serializeSectioned } from '../generator/cache/sectioned-codec.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CACHE_VERSION,
  formatFingerprint,
  readStoredBlocks,
  readStoredCache,
  readStoredSearch,
  shapeProblem,
  STORED_BLOCKS,
  STORED_CACHE,
} from '../generator/cache/format.ts';
import { fingerprintOf } from '../generator/cache/generator-fingerprint.js';
import { resolveOptions } from '../generator/config/options.ts';
import { buildApiFolder } from '../generator/pipeline/build-api-folder.ts';
import { cacheFolder } from '../generator/write/cache-folder.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';

// Change both together, and only when the stored shape changed: the version is what a build checks on read.
const RECORDED = { version: 30, fingerprint: 'WGBrjcMHpD6BBQ_8' };

const scratch = mkdtempSync(join(tmpdir(), 'cache-format-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the build cache format', () => {
  it('is the recorded shape at the recorded version (bump CACHE_VERSION when the shape changes)', () => {
    expect({ version: CACHE_VERSION, fingerprint: formatFingerprint() }).toEqual(RECORDED);
  });

  it('is what a build writes, and what a build reads back', async () => {
    const out = join(scratch, 'dist');
    const options = resolveOptions({ ontology: SAMPLE_ONTOLOGY, out, baseUrl: 'https://site.example/', apiOnly: true }, {});
    await buildApiFolder(options, options, { log: () => {} });
    const cacheBytes = readFileSync(join(cacheFolder(out), `build-cache.v${CACHE_VERSION}`));
    const blocksBytes = readFileSync(join(cacheFolder(out), `parsed-blocks.v${CACHE_VERSION}`));
    expect(shapeProblem(deserialize(cacheBytes), STORED_CACHE)).toBeUndefined();
    expect(shapeProblem(deserialize(blocksBytes), STORED_BLOCKS)).toBeUndefined();
    expect(readStoredCache(cacheBytes)).toBeDefined();
    expect(readStoredBlocks(blocksBytes)).toBeDefined();
    // The search memo is in a file of its own beside the cache, which the cache file names.
    const searchFile = readStoredCache(cacheBytes)?.searchFile;
    expect(searchFile).toMatch(/^search-[\w-]+\.memo$/);
    const memoBytes = readFileSync(join(cacheFolder(out), searchFile ?? ''));
    expect(readStoredSearch(memoBytes)?.baseIri).toBe('https://lexicon.example.org/');
    const spoiled = deserialize(memoBytes) as { runs: { s: { first: unknown }[] } };
    spoiled.runs.s[0].first = 5;
    expect(readStoredSearch(Buffer.concat(serializeSectioned(spoiled)))).toBeUndefined();
  });

  it.each<[string, unknown, string | undefined]>([
    ['a string', 'x', undefined],
    ['a number for a string', 1, 'the value is not a string'],
  ])('checks %s', (_, value, problem) => {
    expect(shapeProblem(value, 'string')).toBe(problem);
  });

  it.each<[string, (stored: Record<string, unknown>) => void, string]>([
    [
      'a field gone',
      (stored) => {
        delete stored.blockKeys;
      },
      'blockKeys is not an array',
    ],
    [
      'a field of another type',
      (stored) => {
        stored.baseIri = 42;
      },
      'baseIri is not a string',
    ],
    [
      'a field the format lacks',
      (stored) => {
        stored.extra = 'x';
      },
      'extra is not part of the format',
    ],
    [
      'a typed array as a plain one',
      (stored) => {
        (stored.parsed as { blocks: { ends: unknown } }).blocks.ends = [1, 2];
      },
      'parsed.blocks.ends is not an Int32Array',
    ],
    [
      'a list element of another type',
      (stored) => {
        (stored.blockKeys as unknown[])[1] = 7;
      },
      'blockKeys[1] is not a string',
    ],
    [
      'a nested list element of another type',
      (stored) => {
        (stored.cuts as { name: unknown }[])[0].name = 5;
      },
      'cuts[0].name is not a string',
    ],
  ])('refuses a cache with %s, naming where', async (_, spoil, problem) => {
    const cacheBytes = readFileSync(join(cacheFolder(join(scratch, 'dist')), `build-cache.v${CACHE_VERSION}`));
    const stored = deserialize(cacheBytes) as Record<string, unknown>;
    spoil(stored);
    expect(shapeProblem(stored, STORED_CACHE)).toBe(problem);
  });
});

describe("the generator's fingerprint, which a cache must match to be read", () => {
  // A tiny generator folder and npm's record of its packages, changed one thing at a time.
  const folder = join(scratch, 'fingerprint');
  const installed = join(folder, 'installed.json');
  const generator = join(folder, 'generator');
  const write = (files: Record<string, string>) => {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(join(generator, 'load'), { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(folder, path), text);
  };
  const BASE = { 'generator/a.ts': 'export const a = 1;', 'generator/load/b.ts': 'export const b = 2;', 'installed.json': '{"n3":"2.0.0"}' };
  const fingerprint = (files: Record<string, string>) => {
    write(files);
    return fingerprintOf(generator, installed);
  };

  it.each([
    ['a source file edited', { ...BASE, 'generator/a.ts': 'export const a = 3;' }],
    ['a source file added', { ...BASE, 'generator/load/c.ts': '' }],
    ['another version of a package installed', { ...BASE, 'installed.json': '{"n3":"2.0.1"}' }],
    ['no record of the packages', { 'generator/a.ts': BASE['generator/a.ts'], 'generator/load/b.ts': BASE['generator/load/b.ts'] }],
  ])('changes with %s', (_, files) => {
    const before = fingerprint(BASE);
    expect(fingerprint(BASE)).toBe(before);
    expect(fingerprint(files)).not.toBe(before);
  });
});

describe('the fingerprint a build hands over when it starts Node again in its place', () => {
  const module = pathToFileURL(join(REPO_ROOT, 'generator/cache/generator-fingerprint.js')).href;
  const generatorFolder = join(REPO_ROOT, 'generator/');
  // A fresh process, as the build after its restart: the fingerprint it uses, and whether the variable is left.
  const started = (handedOver: string | undefined) => {
    const script = `const m = await import(${JSON.stringify(module)}); process.stdout.write(JSON.stringify([m.generatorFingerprint(), process.env.FOLIO_STATIC_API_GENERATOR_FINGERPRINT ?? null]));`;
    const env = { ...process.env, FOLIO_STATIC_API_GENERATOR_FINGERPRINT: handedOver };
    if (handedOver === undefined) delete env.FOLIO_STATIC_API_GENERATOR_FINGERPRINT;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as [string, string | null];
  };
  const [own] = started(undefined);

  it.each([
    { case: "this generator's, used as it is", handedOver: JSON.stringify([generatorFolder, 'handed-over-hash']), used: 'handed-over-hash' },
    { case: "another folder's, not used", handedOver: JSON.stringify([join(scratch, 'generator/'), 'handed-over-hash']), used: own },
    { case: 'a value not of ours, not used', handedOver: 'not JSON', used: own },
    { case: 'JSON of another shape, not used', handedOver: '{"a":1}', used: own },
  ])('$case, and never passed on', ({ handedOver, used }) => {
    expect(started(handedOver)).toEqual([used, null]);
  });

  it('is what withFingerprint adds', async () => {
    const { withFingerprint } = await import('../generator/cache/generator-fingerprint.js');
    expect(JSON.parse(withFingerprint({}).FOLIO_STATIC_API_GENERATOR_FINGERPRINT ?? '')).toEqual([generatorFolder, own]);
  });
});
