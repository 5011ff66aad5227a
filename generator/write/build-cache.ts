import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { Manifest, type PackedManifest } from '../changes/manifest-table.ts';
import type { ParsedBlocks } from '../load/load-ontology.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../route/router.ts';

/** Raised whenever what the cache holds changes shape, so an older cache is ignored rather than misread. */
export const CACHE_VERSION = 4;

/** What a build keeps beside its output for the next one: parsed blocks, and which output they made. */
export interface BuildCache {
  version: typeof CACHE_VERSION;
  /** Hash of the manifest file of the output this cache belongs to. */
  manifest: string;
  /** That manifest, packed: what an update reads instead of parsing the file. */
  columns: PackedManifest;
  /** Whether the output holds each entity's format files (not when they were bundled): only then can an update keep them. */
  formatFiles: boolean;
  /** Block keys of the build, in document order. */
  blockKeys: string[];
  parsed: ParsedBlocks;
  /** The search index's nodes and files, for an update that redoes only what an edit reaches. */
  search?: SearchMemo;
}

/** The previous build in an output folder: its manifest, and its cache when the folder can be updated in place. */
export interface PreviousBuild {
  manifest: Manifest;
  cache?: BuildCache;
}

const CACHE_FILE = 'build-cache.v8';

/** Beside the output, not in it, so hosts never serve it: `dist` → `.dist.cache`. */
export function cacheFolder(outDir: string): string {
  const target = resolve(outDir);
  return join(dirname(target), `.${basename(target)}.cache`);
}

export function manifestHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('base64url');
}

/**
 * The previous build's manifest, and its cache if that cache was written for exactly this manifest and no
 * in-place update was cut short since (which leaves its marker file behind). Both files are read at once,
 * in the background, so a build can read the ontology meanwhile; the manifest is taken from the cache's
 * columns when the cache is the manifest's, and parsed otherwise.
 */
export async function readPreviousBuild(outDir: string): Promise<PreviousBuild | undefined> {
  const [bytes, cacheBytes] = await Promise.all([
    readFile(join(outDir, MANIFEST_FILE)).catch(() => undefined),
    existsSync(join(outDir, UPDATING_FILE)) ? undefined : readFile(join(cacheFolder(outDir), CACHE_FILE)).catch(() => undefined),
  ]);
  if (bytes === undefined) return undefined;
  const cache = cacheBytes && decodeCache(cacheBytes);
  const matching = cache && cache.manifest === manifestHash(bytes) ? cache : undefined;
  const unpacked = matching && Manifest.unpack(matching.columns);
  if (matching && unpacked) return { manifest: unpacked, cache: matching };
  const manifest = Manifest.parse(bytes.toString('utf8'));
  return manifest && { manifest };
}

function decodeCache(bytes: Buffer): BuildCache | undefined {
  try {
    const cache = deserialize(bytes) as Partial<BuildCache>;
    return cache.version === CACHE_VERSION && cache.parsed && cache.blockKeys && cache.columns ? (cache as BuildCache) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Written whole under a temporary name and renamed, so a reader never sees half a cache. Serialised at
 * once; the file is written in the background (the returned promise settles when it is in place).
 */
export function writeBuildCache(outDir: string, cache: BuildCache): Promise<void> {
  const folder = cacheFolder(outDir);
  mkdirSync(folder, { recursive: true });
  const target = join(folder, CACHE_FILE);
  const temporary = `${target}.tmp-${process.pid}`;
  const bytes = serialize(cache);
  return writeFile(temporary, bytes).then(() => rename(temporary, target)).catch((error: unknown) => {
    rmSync(temporary, { force: true });
    throw error;
  });
}
