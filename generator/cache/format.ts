// The build cache's stored format, in one place: the types of everything a build keeps for the next one, the
// shape a read checks them against, and the version. A test fingerprints the shapes against CACHE_VERSION
// (test/cache-format.test.ts), so a change of shape that is not also a change of version fails there.
import { createHash } from 'node:crypto';
import { deserializeSectioned } from './sectioned-codec.ts';
import type { MadePage, ManifestPage, PagedManifest } from '../changes/manifest-pages.ts';
import type { ParsedBlocks } from '../load/load-ontology.ts';
import type { SourceCut } from '../load/recut-source.ts';
import type { SourceCopy } from '../load/file-bytes.ts';
import type { StoredStrings } from '../text/string-table.ts';
import type { HostName } from '../route/paths.ts';
import type { SearchMemo } from '../search/search-memo.ts';
import type { LiveMemo } from '../live/live-update.ts';
import type { DownloadsMemo } from '../emit/download-files.ts';
import { generatorFingerprint } from './generator-fingerprint.js';

/** Raised whenever what the cache holds changes shape, so an older cache is ignored rather than misread. */
export const CACHE_VERSION = 30;

/** What a build keeps beside its output for the next one: parsed blocks, and which output they made. */
export interface BuildCache {
  version: typeof CACHE_VERSION;
  /** Hash of the manifest file of the output this cache belongs to: a promise while the file is written aside (see PartsTaker). */
  manifest: string | Promise<string>;
  /**
   * That manifest, its files in pages kept beside the cache: what an update reads instead of parsing the file.
   * A build's own pages are made ones (their text is written beside the cache file, never in it).
   */
  columns: PagedManifest<ManifestPage | MadePage>;
  /** How the output's entity files are laid out: an update keeps them only in the layout it would write them in. */
  layout: HostName | 'bundles';
  /** The base IRI the ids were taken after: with another (an edit can tip which namespace holds most terms), every id changes. */
  baseIri: string;
  /** The configured branch table, as JSON ('' for the defaults): with another, the taxonomy's files all change. */
  branches: string;
  /** Block keys of the build, in document order. */
  blockKeys: string[];
  /** Where the files split into blocks were cut, so the next build cuts only what an edit changed. */
  cuts: SourceCut[];
  /** The bytes of those files, kept beside the cache (never in the cache file): a build's own to write, or their copies there, read a stretch at a time. */
  sourceBytes?: readonly (Uint8Array | SourceCopy)[];
  parsed: ParsedBlocks;
  /** The search index's nodes and files, for an update that redoes only what an edit reaches. */
  search?: SearchMemo;
  /** Which classes name others as see-also or definer: what an update's live files reach (see live-update.ts). */
  live?: LiveMemo;
  /** Where each block's statements lie in the whole-ontology files, so an update makes only the changed blocks'. */
  downloads?: DownloadsMemo;
  /** The generator's own code (see generatorFingerprint): a cache another version of it wrote is not read. */
  generator: string;
  /** Set on a cache read back: the blocks file its parsed blocks came from (never stored). */
  blocksOrigin?: BlocksOrigin;
}

/** The cache file: the parsed blocks are the blocks file's, plus what this cache adds to them. */
export type StoredCache = Omit<BuildCache, 'parsed' | 'blocksOrigin' | 'sourceBytes' | 'search' | 'columns' | 'manifest'> & {
  manifest: string;
  columns: PagedManifest;
  parsed: BlocksDelta;
  /** The files beside the cache file that hold the bytes of the files cut (see cuts), in the same order. */
  copies: string[];
  /** The file beside the cache file that holds the search memo (see SearchMemoFile). */
  searchFile?: string;
};

/**
 * The parsed blocks' own file: written whole when the string table is made afresh, then left as it is while
 * updates add their blocks and strings to the (much smaller) cache file.
 */
export interface StoredBlocks {
  id: string;
  strings: StoredStrings;
  blocks: PackedBlocks;
}

/** What the cache file holds of the parsed blocks: the blocks file it adds to, and the additions. */
export interface BlocksDelta {
  file: string;
  /** Strings past the file's table. */
  strings: readonly string[];
  /** Blocks the file lacks. */
  blocks: PackedBlocks;
}

/**
 * Blocks as stored: their encoded quads end to end in one array. Read back, each block is a view of it, so
 * reading makes one buffer rather than one per block (18,000 of them took half the time of reading the file).
 */
export interface PackedBlocks {
  keys: readonly string[];
  ends: Int32Array;
  data: Int32Array;
}

/** Where parsed blocks read back came from, so the next write can add to that file instead of rewriting it. */
export interface BlocksOrigin {
  id: string;
  /** The file's table length. */
  strings: number;
  /** Keys of the blocks the cache file added. */
  added: ReadonlySet<string>;
}

/**
 * A stored value's shape, derived from its type, so the shapes below cannot drift from the types: 'string',
 * 'number', 'boolean', a typed array's name, `[element]` for an array, an object of shapes, and
 * `{ optional }` or `{ nullable }` around a shape whose value may be missing or null.
 */
type ShapeOf<T> = [T] extends [string]
  ? 'string'
  : [T] extends [number]
    ? 'number'
    : [T] extends [boolean]
      ? 'boolean'
      : [T] extends [Int32Array]
        ? 'Int32Array'
        : [T] extends [Uint8Array]
          ? 'Uint8Array'
          : [T] extends [readonly (infer E)[]]
            ? readonly [ShapeOf<E>]
            : null extends T
              ? { readonly nullable: ShapeOf<Exclude<T, null>> }
              : { readonly [K in keyof T]-?: undefined extends T[K] ? { readonly optional: ShapeOf<Exclude<T[K], undefined>> } : ShapeOf<T[K]> };

type Shape = string | readonly [Shape] | { readonly [key: string]: Shape };

const PACKED_BLOCKS = { keys: ['string'], ends: 'Int32Array', data: 'Int32Array' } as const satisfies ShapeOf<PackedBlocks>;
const PACK_RUNS = [
  {
    first: 'string',
    next: { nullable: 'string' },
    files: [{ length: 'number', bytes: 'number', gzipAtMost: 'number', oversized: 'boolean', name: { optional: 'string' } }],
  },
] as const;

const STORED_LISTS = { starts: 'Int32Array', items: 'Int32Array' } as const;
const FIRST_LISTS = { keys: ['string'], counts: 'Int32Array', starts: 'Int32Array', entries: 'Int32Array', width: 'number', order: 'Int32Array' } as const;

const STORED_STRINGS = { text: 'Uint8Array', ends: 'Int32Array', suspects: 'Int32Array', suspectTexts: ['string'] } as const satisfies ShapeOf<StoredStrings>;
const SEARCH_MEMO = {
  baseIri: 'string',
  budgets: 'string',
  iris: ['string'],
  hashes: ['string'],
  labels: ['string'],
  sizes: 'Int32Array',
  definitions: STORED_STRINGS,
  characters: ['string'],
  json: { bytes: 'Uint8Array', ends: 'Int32Array' },
  nodes: { prefixes: ['string'], shapes: 'Int32Array', lists: 'Int32Array' },
  runs: { s: PACK_RUNS, r: PACK_RUNS, c: PACK_RUNS },
  words: {
    optional: {
      label: {
        words: { words: FIRST_LISTS, pairs: FIRST_LISTS, labelCount: 'number' },
        buckets: 'number',
        busy: ['string'],
        split: ['string'],
        beginnings: ['string'],
        sums: 'Int32Array',
        keyed: STORED_LISTS,
        pairs: STORED_LISTS,
      },
      definition: {
        stems: { lists: FIRST_LISTS, count: 'number', total: 'number' },
        buckets: 'number',
        stemBuckets: 'Int32Array',
      },
      examples: { optional: 'string' },
    },
  },
  fold: { optional: { key: 'string', json: 'string' } },
} as const satisfies ShapeOf<SearchMemo>;

// A class file of the structured queries' corpus (live/query-corpus.ts).
const QUERY_ROWS = { ends: 'Int32Array', hash: 'string' } as const;

/** The cache file's shape. */
export const STORED_CACHE = {
  version: 'number',
  generator: 'string',
  manifest: 'string',
  columns: { pages: [{ name: 'string', count: 'number' }], ids: 'string', idHashes: 'string', formats: { optional: 'Uint8Array' } },
  layout: 'string',
  baseIri: 'string',
  branches: 'string',
  blockKeys: ['string'],
  cuts: [{ name: 'string', baseIRI: 'string', headEnd: 'number', tailStart: 'number', starts: 'Int32Array', ends: 'Int32Array', first: 'number' }],
  copies: ['string'],
  searchFile: { optional: 'string' },
  live: {
    optional: {
      ids: ['string'],
      targets: [['string']],
      segments: ['string'],
      members: [['string']],
      facts: 'Int32Array',
      query: {
        optional: {
          iris: ['string'],
          files: {
            ids: QUERY_ROWS,
            classes: QUERY_ROWS,
            label: QUERY_ROWS,
            definition: QUERY_ROWS,
            alt_label: QUERY_ROWS,
            example: QUERY_ROWS,
            country: QUERY_ROWS,
            other: QUERY_ROWS,
          },
        },
      },
    },
  },
  downloads: {
    optional: {
      chunks: {
        nt: { keys: ['string'], spans: 'Int32Array' },
        ttl: { keys: ['string'], spans: 'Int32Array' },
        xml: { keys: ['string'], spans: 'Int32Array' },
        jsonld: { keys: ['string'], spans: 'Int32Array' },
      },
    },
  },
  parsed: { file: 'string', strings: ['string'], blocks: PACKED_BLOCKS },
} as const satisfies ShapeOf<StoredCache>;

/** The blocks file's shape. */
export const STORED_BLOCKS = { id: 'string', strings: STORED_STRINGS, blocks: PACKED_BLOCKS } as const satisfies ShapeOf<StoredBlocks>;

/** The stored shapes as one hash, which test/cache-format.test.ts records beside CACHE_VERSION. */
export function formatFingerprint(): string {
  return createHash('sha256')
    .update(JSON.stringify([STORED_CACHE, STORED_BLOCKS, SEARCH_MEMO]))
    .digest('base64url')
    .slice(0, 16);
}

/** Where a stored value does not have its shape (a path such as `search.runs.s[3].name`), or undefined when it does. */
export function shapeProblem(value: unknown, shape: Shape): string | undefined {
  const problem = findProblem(value, shape);
  if (!problem) return undefined;
  const path = problem.path.reverse().join('').replace(/^\./, '');
  return `${path || 'the value'} ${problem.what}`;
}

/** The path is gathered backwards as the search unwinds, so a value that fits (the usual case) builds no strings. */
interface Problem {
  path: string[];
  what: string;
}

function findProblem(value: unknown, shape: Shape): Problem | undefined {
  return checkerOf(shape)(value);
}

type Checker = (value: unknown) => Problem | undefined;

// Each shape compiled once into a checker: a cache holds ~5,000 small objects, whose checks took 28 ms a read
// when every one looked its shape's fields up again.
const checkers = new WeakMap<object, Checker>();

function checkerOf(shape: Shape): Checker {
  if (typeof shape === 'string') return primitiveChecker(shape);
  let checker = checkers.get(shape);
  if (checker === undefined) {
    checker = Array.isArray(shape) ? listChecker(shape[0] as Shape) : objectChecker(shape as { readonly [key: string]: Shape });
    checkers.set(shape, checker);
  }
  return checker;
}

function primitiveChecker(shape: string): Checker {
  const fits: (value: unknown) => boolean =
    shape === 'Int32Array'
      ? (value) => value instanceof Int32Array
      : shape === 'Uint8Array'
        ? (value) => value instanceof Uint8Array
        : (value) => typeof value === shape;
  return (value) => (fits(value) ? undefined : { path: [], what: `is not ${/^[AEIOU]/i.test(shape) ? 'an' : 'a'} ${shape}` });
}

function listChecker(element: Shape): Checker {
  const check = checkerOf(element);
  // Most of a cache's values are in lists of strings (~200,000): those are checked by their type alone.
  const type = element === 'string' || element === 'number' || element === 'boolean' ? element : undefined;
  return (value) => {
    if (!Array.isArray(value)) return { path: [], what: 'is not an array' };
    let from = 0;
    if (type !== undefined) while (from < value.length && typeof value[from] === type) from += 1;
    for (let at = from; at < value.length; at += 1) {
      const problem = check(value[at]);
      if (problem) return within(problem, `[${at}]`);
    }
    return undefined;
  };
}

function objectChecker(fields: { readonly [key: string]: Shape }): Checker {
  const names = Object.keys(fields);
  if (names.length === 1 && names[0] === 'nullable') {
    const check = checkerOf(fields.nullable);
    return (value) => (value === null ? undefined : check(value));
  }
  const members = names.map((key) => {
    const field = fields[key];
    const optional = typeof field === 'object' && !Array.isArray(field) && Object.keys(field).length === 1 && 'optional' in field;
    return { key, optional, check: checkerOf(optional ? (field as { optional: Shape }).optional : field) };
  });
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { path: [], what: 'is not an object' };
    const record = value as Record<string, unknown>;
    for (const key in record) if (!Object.hasOwn(fields, key) && record[key] !== undefined) return { path: [`.${key}`], what: 'is not part of the format' };
    for (const { key, optional, check } of members) {
      if (optional && record[key] === undefined) continue;
      const problem = check(record[key]);
      if (problem) return within(problem, `.${key}`);
    }
    return undefined;
  };
}

function within(problem: Problem, step: string): Problem {
  problem.path.push(step);
  return problem;
}

/** The cache file's value, when it is this version's, written by this generator, and of the stored shape. */
export function readStoredCache(bytes: Uint8Array): StoredCache | undefined {
  const value = deserializeSafely(bytes);
  const { version, generator } = (value ?? {}) as Partial<StoredCache>;
  if (version !== CACHE_VERSION || generator !== generatorFingerprint()) return undefined;
  return shapeProblem(value, STORED_CACHE) === undefined ? (value as StoredCache) : undefined;
}

/** The search memo file's value, when it has the stored shape. */
export function readStoredSearch(bytes: Uint8Array): SearchMemo | undefined {
  const value = deserializeSafely(bytes);
  return value !== undefined && shapeProblem(value, SEARCH_MEMO) === undefined ? (value as SearchMemo) : undefined;
}

/** The blocks file's value, when it has the stored shape. */
export function readStoredBlocks(bytes: Uint8Array): StoredBlocks | undefined {
  const value = deserializeSafely(bytes);
  return shapeProblem(value, STORED_BLOCKS) === undefined ? (value as StoredBlocks) : undefined;
}

function deserializeSafely(bytes: Uint8Array): unknown {
  try {
    return deserializeSectioned(bytes);
  } catch {
    return undefined;
  }
}
