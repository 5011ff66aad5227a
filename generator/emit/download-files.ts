import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Quad } from '@rdfjs/types';
import { DOWNLOADS, type DownloadFormat } from '../route/paths.ts';
import { downloadShapes, type DownloadShape } from './downloads.ts';
import { bytesFile, type OutputFile } from './emit-api.ts';

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

/** A stretch of the previous build's file at the same path: the gzip members an update takes as they were. */
export interface PreviousStretch {
  start: number;
  length: number;
}

/** A whole-ontology file as its parts, end to end: bytes made now, and stretches of the file it replaces. */
export interface DownloadFile {
  path: string;
  parts: (Uint8Array | PreviousStretch)[];
}

/** The previous build's downloads: its memo, and which of its files an update may take stretches of (those as written). */
export interface PreviousDownloads {
  memo: DownloadsMemo;
  usable: (path: string) => boolean;
}

// A chunk ends after a block whose identity hashes to 0 modulo this (about 16 blocks, some 15 kB of text a
// format at FOLIO's scale), or after MAX_CHUNK blocks: its ends depend on the blocks around them alone, so an
// edit changes the chunk it falls in and leaves the others' bytes as they were.
const CHUNK_SPREAD = 16;
const MAX_CHUNK = 64;
const GZIP_LEVEL = 6;

const encoder = new TextEncoder();

/**
 * The whole-ontology files, gzipped, one per format. Each file is a run of gzip members (which every gunzip reads
 * as one stream): the header, each chunk of blocks, the footer. A chunk the previous build had too, in the same
 * place in the text, is a stretch of the previous file (neighbours merged into one); the others are made from
 * their triples. Without `previous`, every part is bytes (see joinedDownload).
 */
export function emitDownloads(blocks: readonly DownloadBlock[], baseIri: string, previous?: PreviousDownloads): { files: DownloadFile[]; memo: DownloadsMemo } {
  const shapes = downloadShapes(baseIri);
  // A block's identity is made each time it is read: read once here, for the cuts and the hashes.
  const identities = blocks.map((block) => block.identity);
  const chunks = chunkRanges(identities);
  const hashes = chunks.map(({ first, end }) => chunkHash(identities, first, end));
  const memo: DownloadsMemo = { chunks: {} as DownloadsMemo['chunks'] };
  const files = DOWNLOADS.map(({ format, path }) => {
    const shape = shapes[format];
    const before = previous?.usable(path) ? previous.memo.chunks[format] : undefined;
    const at = new Map(before?.keys.map((key, index) => [key, index]));
    // The member a chunk of the same key had in the previous file (the same bytes it would be made into).
    const reused = (key: string): PreviousStretch | undefined => {
      const index = at.get(key);
      return index === undefined || before === undefined ? undefined : { start: before.spans[2 * index], length: before.spans[2 * index + 1] };
    };
    const keys: string[] = [];
    const parts: DownloadFile['parts'] = [gzipText(shape.header)];
    const spans = new Int32Array(2 * chunks.length);
    let offset = parts[0].length;
    let saidBefore = false;
    chunks.forEach((chunk, index) => {
      // Whether anything comes before decides the chunk's first separator, so it is part of the key.
      const key = `${hashes[index]}${saidBefore ? '' : '^'}`;
      const member = reused(key) ?? gzipText(chunkText(shape, blocks, chunk, saidBefore));
      keys.push(key);
      addPart(parts, member);
      spans[2 * index] = offset;
      spans[2 * index + 1] = member.length;
      offset += member.length;
      // A chunk with nothing to say has no member.
      saidBefore ||= member.length > 0;
    });
    parts.push(gzipText(shape.footer));
    memo.chunks[format] = { keys, spans };
    return { path, parts };
  });
  return { files, memo };
}

/** A file whose parts are all bytes (one emitted without `previous`) as an output file. */
export function joinedDownload({ path, parts }: DownloadFile): OutputFile {
  const bytes = parts.filter((part): part is Uint8Array => part instanceof Uint8Array);
  if (bytes.length !== parts.length) throw new Error(`${path}: a download that takes stretches of the previous file is written by StagedFile`);
  return bytesFile(path, Buffer.concat(bytes));
}

// A stretch that goes on where the last part's ended joins it: an edit leaves a file in a few stretches, not one per chunk.
function addPart(parts: DownloadFile['parts'], part: Uint8Array | PreviousStretch): void {
  const last = parts[parts.length - 1];
  if (part instanceof Uint8Array || last instanceof Uint8Array || last.start + last.length !== part.start) parts.push(part);
  else parts[parts.length - 1] = { start: last.start, length: last.length + part.length };
}

/** A chunk: the blocks from `first` up to `end`. */
interface ChunkRange {
  first: number;
  end: number;
}

/** The blocks in chunks, cut where a block's identity says (see CHUNK_SPREAD). */
function chunkRanges(identities: readonly string[]): ChunkRange[] {
  const chunks: ChunkRange[] = [];
  let first = 0;
  for (let at = 0; at < identities.length; at += 1) {
    if (at + 1 - first >= MAX_CHUNK || spreadHash(identities[at]) % CHUNK_SPREAD === 0) {
      chunks.push({ first, end: at + 1 });
      first = at + 1;
    }
  }
  if (first < identities.length) chunks.push({ first, end: identities.length });
  return chunks;
}

// FNV-1a over the identity's last code units, which end with a hash of the block's text: cheap, and the same in every build.
function spreadHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = Math.max(0, text.length - 16); at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

function chunkHash(identities: readonly string[], first: number, end: number): string {
  return createHash('sha1').update(identities.slice(first, end).join('\n')).digest('base64url');
}

/** The chunk's text: its blocks' segments that say anything, each after the separator but the file's first. */
function chunkText(shape: DownloadShape, blocks: readonly DownloadBlock[], { first, end }: ChunkRange, saidBefore: boolean): string {
  let text = '';
  let said = saidBefore;
  for (let at = first; at < end; at += 1) {
    const segment = shape.segment(blocks[at].quads);
    if (segment === '') continue;
    text += said ? `${shape.separator}${segment}` : segment;
    said = true;
  }
  return text;
}

function gzipText(text: string): Uint8Array {
  return text === '' ? new Uint8Array() : gzipSync(encoder.encode(text), { level: GZIP_LEVEL });
}
