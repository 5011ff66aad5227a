import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Quad } from '@rdfjs/types';
import { DOWNLOADS, type DownloadFormat } from '../route/paths.ts';
import { downloadShapes, type DownloadShape } from './downloads.ts';
import type { OutputFile } from './emit-api.ts';

/** A block of the source as the downloads read it: what makes its triples what they are, and the triples. */
export interface DownloadBlock {
  identity: string;
  readonly quads: readonly Quad[];
}

/** What a build keeps of its downloads, so that the next one compresses again only the chunks its edit changed. */
export interface DownloadsMemo {
  /** For each format, each chunk's key (see chunkKey) and its gzip member in the file: start and length in bytes. */
  chunks: Record<DownloadFormat, { keys: string[]; spans: Int32Array }>;
}

/** The previous build's downloads: its memo, and its files as written (undefined where one cannot be read). */
export interface PreviousDownloads {
  memo: DownloadsMemo;
  read: (path: string) => Uint8Array | undefined;
}

// A chunk ends after a block whose identity hashes to 0 modulo this (about 16 blocks, some 15 kB of text a
// format at FOLIO's scale), or after MAX_CHUNK blocks: its ends depend on the blocks around them alone, so an
// edit changes the chunk it falls in and leaves the others' bytes as they were.
const CHUNK_SPREAD = 16;
const MAX_CHUNK = 64;
const GZIP_LEVEL = 6;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The whole-ontology files, gzipped, one per format. Each file is a run of gzip members (which every gunzip reads
 * as one stream): the header, each chunk of blocks, the footer. A chunk the previous build had too, in the same
 * place in the text, is taken from the previous file's bytes; the others are made from their triples.
 */
export function emitDownloads(blocks: readonly DownloadBlock[], baseIri: string, previous?: PreviousDownloads): { files: OutputFile[]; memo: DownloadsMemo } {
  const shapes = downloadShapes(baseIri);
  const chunks = chunkBlocks(blocks);
  const hashes = chunks.map((chunk) => chunkHash(chunk));
  const memo: DownloadsMemo = { chunks: {} as DownloadsMemo['chunks'] };
  const files = DOWNLOADS.map(({ format, path }) => {
    const shape = shapes[format];
    const before = previous?.memo.chunks[format];
    const file = before && previous?.read(path);
    const at = new Map(before?.keys.map((key, index) => [key, index]));
    // The member a chunk of the same key had in the previous file (the same bytes it would be made into).
    const reused = (key: string): Uint8Array | undefined => {
      const index = at.get(key);
      if (index === undefined || file === undefined || before === undefined) return undefined;
      const start = before.spans[2 * index];
      return file.subarray(start, start + before.spans[2 * index + 1]);
    };
    const keys: string[] = [];
    const members: Uint8Array[] = [gzipText(shape.header)];
    let saidBefore = false;
    chunks.forEach((chunk, index) => {
      // Whether anything comes before decides the chunk's first separator, so it is part of the key.
      const key = `${hashes[index]}${saidBefore ? '' : '^'}`;
      const member = reused(key) ?? gzipText(chunkText(shape, chunk, saidBefore));
      keys.push(key);
      members.push(member);
      // A chunk with nothing to say has no member.
      saidBefore ||= member.length > 0;
    });
    members.push(gzipText(shape.footer));
    const spans = new Int32Array(2 * chunks.length);
    let offset = members[0].length;
    for (let index = 0; index < chunks.length; index += 1) {
      spans[2 * index] = offset;
      spans[2 * index + 1] = members[index + 1].length;
      offset += members[index + 1].length;
    }
    memo.chunks[format] = { keys, spans };
    return gzipFile(path, Buffer.concat(members));
  });
  return { files, memo };
}

/** The blocks in chunks, cut where a block's identity says (see CHUNK_SPREAD). */
function chunkBlocks(blocks: readonly DownloadBlock[]): DownloadBlock[][] {
  const chunks: DownloadBlock[][] = [];
  let chunk: DownloadBlock[] = [];
  for (const block of blocks) {
    chunk.push(block);
    if (chunk.length >= MAX_CHUNK || spreadHash(block.identity) % CHUNK_SPREAD === 0) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

// FNV-1a over the identity's last code units, which end with a hash of the block's text: cheap, and the same in every build.
function spreadHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = Math.max(0, text.length - 16); at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

function chunkHash(chunk: readonly DownloadBlock[]): string {
  return createHash('sha1')
    .update(chunk.map((block) => block.identity).join('\n'))
    .digest('base64url');
}

/** The chunk's text: its blocks' segments that say anything, each after the separator but the file's first. */
function chunkText(shape: DownloadShape, chunk: readonly DownloadBlock[], saidBefore: boolean): string {
  let text = '';
  let said = saidBefore;
  for (const block of chunk) {
    const segment = shape.segment(block.quads);
    if (segment === '') continue;
    text += said ? `${shape.separator}${segment}` : segment;
    said = true;
  }
  return text;
}

function gzipText(text: string): Uint8Array {
  return text === '' ? new Uint8Array() : gzipSync(encoder.encode(text), { level: GZIP_LEVEL });
}

/** A file made as bytes: its text is decoded only if something reads it (writing and hashing take the bytes). */
function gzipFile(path: string, encoded: Uint8Array): OutputFile {
  let text: string | undefined;
  return {
    path,
    encoded,
    get contents() {
      text ??= decoder.decode(encoded);
      return text;
    },
  };
}
