import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { parseManifest, type Manifest } from '../changes/manifest.ts';
import type { ParsedBlocks } from '../load/load-ontology.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../route/router.ts';

/** Raised whenever what the cache holds changes shape, so an older cache is ignored rather than misread. */
export const CACHE_VERSION = 3;

/** What a build keeps beside its output for the next one: parsed blocks, and which output they made. */
export interface BuildCache {
  version: typeof CACHE_VERSION;
  /** Hash of the manifest file of the output this cache belongs to. */
  manifest: string;
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

export function manifestHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The previous build's manifest, and its cache if that cache was written for exactly this manifest and no
 * in-place update was cut short since (which leaves its marker file behind). Both files are read at once,
 * in the background, so a build can read the ontology meanwhile.
 */
export async function readPreviousBuild(outDir: string): Promise<PreviousBuild | undefined> {
  const [text, bytes] = await Promise.all([
    readFile(join(outDir, MANIFEST_FILE), 'utf8').catch(() => undefined),
    existsSync(join(outDir, UPDATING_FILE)) ? undefined : readFile(join(cacheFolder(outDir), CACHE_FILE)).catch(() => undefined),
  ]);
  const manifest = text === undefined ? undefined : parseManifest(text);
  if (text === undefined || !manifest) return undefined;
  const cache = bytes && decodeCache(bytes);
  return cache?.manifest === manifestHash(text) ? { manifest, cache } : { manifest };
}

function decodeCache(bytes: Buffer): BuildCache | undefined {
  try {
    const cache = deserialize(bytes) as Partial<BuildCache>;
    return cache.version === CACHE_VERSION && cache.parsed && cache.blockKeys ? (cache as BuildCache) : undefined;
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
