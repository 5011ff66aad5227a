// An update's whole-ontology files: made of the previous files' stretches and the changed chunks' new members, they
// are byte for byte the files a full build makes, and StagedFile writes them without reading the previous file whole.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFactory } from 'n3';
import { afterAll, describe, expect, it } from 'vitest';
import { emitDownloads, joinedDownload, type DownloadBlock, type DownloadFile } from '../generator/emit/download-files.ts';
import { contentHash } from '../generator/text/content-hash.ts';
import { describeFile, hashOfFile, StagedFile } from '../generator/write/staged-file.ts';

const BASE = 'https://example.org/terms/';
const { namedNode, literal, quad } = DataFactory;

function block(at: number, label: string): DownloadBlock {
  const subject = namedNode(`${BASE}T${at}`);
  return {
    identity: `block ${at} ${label}`,
    quads: [
      quad(subject, namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), namedNode('http://www.w3.org/2002/07/owl#Class')),
      quad(subject, namedNode('http://www.w3.org/2000/01/rdf-schema#label'), literal(label, 'en')),
    ],
  };
}

const BLOCKS = Array.from({ length: 300 }, (_, at) => block(at, `Term number ${at}`));
const EDITED = BLOCKS.map((each, at) => (at === 150 ? block(at, 'An edited label') : each));

/** The file's bytes, its stretches taken from the previous file's. */
function resolved(file: DownloadFile, previous: Uint8Array): Buffer {
  return Buffer.concat(file.parts.map((part) => (part instanceof Uint8Array ? part : previous.subarray(part.start, part.start + part.length))));
}

describe('an update of the whole-ontology files', () => {
  const before = emitDownloads(BLOCKS, BASE);
  const previousBytes = new Map(before.files.map((file) => [file.path, joinedDownload(file).encoded as Uint8Array]));
  const fresh = emitDownloads(EDITED, BASE);
  const updated = emitDownloads(EDITED, BASE, { memo: before.memo, usable: () => true });

  it('is the full build’s bytes, and its memo the full build’s', () => {
    for (const [at, file] of updated.files.entries()) {
      expect(resolved(file, previousBytes.get(file.path) as Uint8Array).equals(joinedDownload(fresh.files[at]).encoded as Uint8Array), file.path).toBe(true);
    }
    expect(updated.memo).toEqual(fresh.memo);
  });

  it('takes the unchanged chunks as a few stretches of the previous file, and makes only the edited chunk', () => {
    for (const file of updated.files) {
      // Between the header and the footer (made afresh, being small): the chunks before the edit, its chunk, those after.
      const kinds = file.parts.slice(1, -1).map((part) => (part instanceof Uint8Array ? 'made' : 'stretch'));
      expect(kinds, file.path).toEqual(['stretch', 'made', 'stretch']);
    }
  });

  it('makes every chunk of a previous file it may not use', () => {
    const unusable = emitDownloads(EDITED, BASE, { memo: before.memo, usable: (path) => !path.endsWith('.nt.gz') });
    const nTriples = unusable.files.find((file) => file.path.endsWith('.nt.gz')) as DownloadFile;
    expect(nTriples.parts.every((part) => part instanceof Uint8Array)).toBe(true);
    expect(() => joinedDownload(updated.files[0])).toThrow(/StagedFile/);
  });
});

describe('StagedFile', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'staged-file-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  const previous = Buffer.from('0123456789abcdefghij');
  writeFileSync(join(outDir, 'data.bin'), previous);

  it('writes bytes and stretches of the file at its place, and hashes what it wrote', async () => {
    const staged = new StagedFile(outDir, { path: 'data.bin', parts: [Buffer.from('<'), { start: 2, length: 5 }, { start: 15, length: 5 }, Buffer.from('>')] });
    const expected = '<23456fghij>';
    expect(await staged.hash).toBe(contentHash(expected));
    expect(readFileSync(staged.temporary, 'utf8')).toBe(expected);
    // The file at its place is the previous one until the update renames the staged file over it.
    expect(readFileSync(join(outDir, 'data.bin'))).toEqual(previous);
    await staged.discard();
  });

  it('fails, naming the shortfall, when the previous file is shorter than a stretch', async () => {
    const staged = new StagedFile(outDir, { path: 'data.bin', parts: [{ start: 18, length: 4 }] });
    await expect(staged.hash).rejects.toThrow(/ended 2 bytes before/);
    await staged.discard();
  });

  it('writes on the file thread a stretch longer than its buffer, with the new bytes between, whatever memory they lie in', async () => {
    const long = Buffer.alloc((1 << 20) * 2 + 3, 0x62);
    writeFileSync(join(outDir, 'long.bin'), long);
    // Parts that are views into larger buffers, and an empty one: only their own bytes are written.
    const pooled = Buffer.from('xx<middle>yy').subarray(2, 10);
    const staged = new StagedFile(outDir, {
      path: 'long.bin',
      parts: [{ start: 1, length: long.length - 1 }, new Uint8Array(0), pooled, { start: 0, length: 1 }],
    });
    const expected = Buffer.concat([long.subarray(1), Buffer.from('<middle>'), long.subarray(0, 1)]);
    expect(await staged.hash).toBe(contentHash(expected));
    expect(readFileSync(staged.temporary)).toEqual(expected);
    await staged.discard();
  });

  it('fails with the system error, its code kept, when the previous file is gone; the file thread serves the next file', async () => {
    const gone = new StagedFile(outDir, { path: 'gone.bin', parts: [{ start: 0, length: 1 }] });
    await expect(gone.hash).rejects.toMatchObject({ code: 'ENOENT' });
    await gone.discard();
    const next = new StagedFile(outDir, { path: 'data.bin', parts: [Buffer.from('ok')] });
    expect(await next.hash).toBe(contentHash('ok'));
    await next.discard();
  });

  it('hashOfFile: the file’s contentHash, read a stretch at a time; undefined for a missing file', async () => {
    expect(await hashOfFile(join(outDir, 'data.bin'))).toBe(contentHash(previous));
    expect(await hashOfFile(join(outDir, 'missing.bin'))).toBeUndefined();
  });

  it.each<[string, Buffer, boolean]>([
    ['ASCII', previous, true],
    ['not all ASCII', Buffer.from('{"é":1}'), false],
    ['longer than the stretch read at once, its one byte past ASCII at the end', Buffer.concat([Buffer.alloc((1 << 20) + 7, 0x61), Buffer.from('ñ')]), false],
    ['empty', Buffer.alloc(0), true],
  ])('describeFile of a file %s: its hash, length and whether it is all ASCII', async (_, bytes, ascii) => {
    writeFileSync(join(outDir, 'described.bin'), bytes);
    expect(await describeFile(join(outDir, 'described.bin'))).toEqual({ hash: contentHash(bytes), length: bytes.length, ascii });
  });
});
