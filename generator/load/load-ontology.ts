import type { Quad } from '@rdfjs/types';
import { checkDocumentEntities, documentUnits } from './document-units.ts';
import { blockSource, parseBlocks } from './parse-blocks.ts';
import { LoadedBlock } from './loaded-block.ts';
import { QuadDecoder, QuadEncoder, stringsInUse, type EncodedQuads } from './quad-codec.ts';
import { readSources, type SourceText } from './read-sources.ts';
import type { StringTable } from '../text/string-table.ts';
import { recutSource, sourceBytes, sourceCut, type PreviousCut, type SourceCut } from './recut-source.ts';
import type { SourceCopier, SourceCopy } from './file-bytes.ts';

/** Blocks parsed by an earlier build, by key: what makes reading an edited ontology again quick. */
export interface ParsedBlocks {
  strings: StringTable;
  blocks: ReadonlyMap<string, EncodedQuads>;
}

/** What an earlier build leaves for reading the ontology again: its parsed blocks, and where it cut its files. */
export interface PreviousLoad {
  parsed: ParsedBlocks;
  cuts: readonly PreviousCut[];
}

export interface LoadedOntology {
  sources: string[];
  /** Every triple of every source, in source order and then document order (made when read). */
  readonly quads: readonly Quad[];
  /** The same triples by block, each block under the key of its text. */
  blocks: LoadedBlock[];
  /** How many triples. */
  size: number;
  /** Blocks taken from `parsed` instead of parsed again. */
  reused: number;
  /** Where the files split into blocks were cut, and their bytes (or the copy they were read from): what the next build cuts again from. */
  cuts: { cut: SourceCut; bytes: Uint8Array | SourceCopy }[];
}

/**
 * load: reads and parses every source, reusing the blocks an earlier build parsed. Those may still be on
 * their way from disk: the sources are read and cut into blocks meanwhile.
 */
export async function loadOntology(
  input: string,
  log?: (line: string) => void,
  previous?: PreviousLoad | Promise<PreviousLoad | undefined>,
  downloadTimeout?: number,
  copy?: SourceCopier,
): Promise<LoadedOntology> {
  const sources = await readSources(input, log, downloadTimeout, copy);
  return parseSources(sources, previous);
}

export async function parseSources(sources: SourceText[], previousLoad?: PreviousLoad | Promise<PreviousLoad | undefined>): Promise<LoadedOntology> {
  const previous = await previousLoad;
  const parsed = previous?.parsed;
  const cut = sources.map((source) => {
    const again = previous?.cuts.find((one) => one.name === source.name);
    const recut = again && recutSource(source, again);
    if (recut) return { source, blocked: recut };
    const units = documentUnits(source);
    if (source.format === 'rdfxml') checkDocumentEntities(units, source);
    return { source, blocked: blockSource(source, false, units) };
  });
  const decoder = parsed ? new QuadDecoder(parsed.strings) : undefined;
  const occurrences = new Map<string, number>();
  const blocks: LoadedBlock[] = [];
  const cuts: LoadedOntology['cuts'] = [];
  let reused = 0;
  for (const { source, blocked: first } of cut) {
    let blocked = first;
    // Each block's key looked up once: what the cache holds is taken, the rest parsed.
    let cached = blocked.blocks.map((block) => parsed?.blocks.get(block.key));
    let fresh = await parseBlocks(
      blocked,
      cached.flatMap((encoded, index) => (encoded === undefined ? [index] : [])),
    );
    if (!fresh) {
      blocked = blockSource(source, true);
      cached = [];
      fresh = await parseBlocks(blocked, [0]);
    }
    const kept = sourceCut(blocked, blocks.length);
    const bytes = sourceBytes(source);
    if (kept && bytes) cuts.push({ cut: kept, bytes });
    blocked.blocks.forEach((block, index) => {
      const encoded = fresh?.has(index) ? undefined : cached[index];
      // Identical blocks stay distinct: their blank nodes are not the same nodes.
      const occurrence = occurrences.get(block.digest) ?? 0;
      occurrences.set(block.digest, occurrence + 1);
      const place = { digest: block.digest, occurrence };
      if (encoded && decoder) {
        reused += 1;
        blocks.push(LoadedBlock.cached(block.key, encoded, decoder, place));
      } else {
        blocks.push(LoadedBlock.parsed(block.key, fresh?.get(index) ?? [], place));
      }
    });
  }
  return {
    sources: sources.map((source) => source.name),
    get quads() {
      return blocks.flatMap((block) => block.quads);
    },
    blocks,
    size: blocks.reduce((total, block) => total + block.size, 0),
    reused,
    cuts,
  };
}

/**
 * The blocks of a load in the form the next build reads back. Blocks `previous` already holds are kept as
 * they are and new ones appended to its string table; after larger changes the table is rebuilt.
 */
export function encodeBlocks(blocks: readonly LoadedBlock[], previous?: ParsedBlocks): ParsedBlocks {
  // A block read back from the previous table holds its encoding: only the blocks parsed now are looked up.
  const previousEncoding = (block: LoadedBlock, table: ParsedBlocks) => block.encodedIn(table.strings) ?? table.blocks.get(block.key);
  const known = previous ? blocks.map((block) => previousEncoding(block, previous)) : [];
  const fresh = previous ? known.filter((encoding) => encoding === undefined).length : blocks.length;
  const keep = previous && fresh * 10 < blocks.length ? previous : undefined;
  const encoder = new QuadEncoder(keep?.strings);
  const encoded = new Map<string, EncodedQuads>();
  blocks.forEach((block, at) => {
    if (!encoded.has(block.key)) encoded.set(block.key, (keep && known[at]) ?? encoder.encode(block.quads));
  });
  // Each edit appends its blocks' strings; once a tenth of the table is unused, it is made afresh.
  if (keep && stringsInUse(encoder.strings, encoded.values()) * 10 < encoder.strings.length * 9) return encodeBlocks(blocks);
  return { strings: encoder.strings, blocks: encoded };
}
