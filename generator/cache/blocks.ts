import { randomUUID } from 'node:crypto';
import type { ParsedBlocks } from '../load/load-ontology.ts';
import type { EncodedQuads } from '../load/quad-codec.ts';
import { StringTable } from '../text/string-table.ts';
import type { BlocksDelta, BlocksOrigin, PackedBlocks, StoredBlocks } from './format.ts';

export function packBlocks(blocks: ReadonlyMap<string, EncodedQuads>): PackedBlocks {
  const keys = [...blocks.keys()];
  const ends = new Int32Array(keys.length);
  let length = 0;
  keys.forEach((key, at) => {
    length += (blocks.get(key) as EncodedQuads).length;
    ends[at] = length;
  });
  const data = new Int32Array(length);
  keys.forEach((key, at) => data.set(blocks.get(key) as EncodedQuads, at === 0 ? 0 : ends[at - 1]));
  return { keys, ends, data };
}

/** packBlocks undone, into `into` (a new map if not given). */
export function unpackBlocks({ keys, ends, data }: PackedBlocks, into = new Map<string, EncodedQuads>()): Map<string, EncodedQuads> {
  keys.forEach((key, at) => into.set(key, data.subarray(at === 0 ? 0 : ends[at - 1], ends[at])));
  return into;
}

/** The blocks file and the cache's additions as one; undefined when they do not belong together. */
export function joinBlocks(file: StoredBlocks, delta: BlocksDelta): { parsed: ParsedBlocks; origin: BlocksOrigin } | undefined {
  if (file.id !== delta.file) return undefined;
  const origin: BlocksOrigin = { id: file.id, strings: file.strings.ends.length, added: new Set(delta.blocks.keys) };
  const blocks = unpackBlocks(delta.blocks, unpackBlocks(file.blocks));
  return { parsed: { strings: StringTable.stored(file.strings, delta.strings), blocks }, origin };
}

/**
 * What to write for `parsed`: only the additions when it continues the table of the blocks file `previous`
 * was read from (that file stays as it is), otherwise a new blocks file with everything.
 */
export function splitBlocks(parsed: ParsedBlocks, previous?: { parsed: ParsedBlocks; origin?: BlocksOrigin }): { file?: StoredBlocks; delta: BlocksDelta } {
  const origin = previous?.origin;
  // The same strings at the start: encodeBlocks kept the previous table and appended to it.
  if (origin && previous && parsed.strings.continues(previous.parsed.strings, origin.strings)) {
    // A key names the block's text, so a block the file holds is encoded there as here (same table start).
    const inFile = (key: string) => previous.parsed.blocks.has(key) && !origin.added.has(key);
    const blocks = new Map<string, EncodedQuads>();
    parsed.blocks.forEach((encoded, key) => {
      if (!inFile(key)) blocks.set(key, encoded);
    });
    return { delta: { file: origin.id, strings: parsed.strings.from(origin.strings), blocks: packBlocks(blocks) } };
  }
  const id = randomUUID();
  return { file: { id, strings: parsed.strings.store(), blocks: packBlocks(parsed.blocks) }, delta: { file: id, strings: [], blocks: packBlocks(new Map()) } };
}
