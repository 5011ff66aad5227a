import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash, hashFiles } from '../generator/changes/manifest.ts';
import type { OutputFile } from '../generator/emit/emit-api.ts';
import { generateApi } from '../generator/generate-api.ts';
import { STREAMED_FROM_TERMS } from '../generator/pipeline/full-build.ts';
import { generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { OutputWriteError } from '../generator/errors.ts';
import { BatchFlow, MAIN_LANE, MAX_IN_FLIGHT, SEARCH_LANE } from '../generator/write/batch-flow.ts';
import { BatchBuffer, decodeBatch, type FileBatch } from '../generator/write/file-batch.ts';
import { sendThrough, ThreadedWriter } from '../generator/write/threaded-writer.ts';
import { WriteGate } from '../generator/write/write-gate.ts';
import { escapeRegExp } from '../generator/text/escape-regexp.ts';
import { folderHashes } from './support/folder-state.ts';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'threaded-writer-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sha256 = (contents: string | Uint8Array) => createHash('sha256').update(contents).digest('hex');

// Varied sizes and non-ASCII text, so files straddle batch borders and UTF-8 lengths differ from string lengths.
function manyFiles(count: number): OutputFile[] {
  return Array.from({ length: count }, (_, at) => ({
    path: `${at % 7 === 0 ? 'deep/er/' : 'flat/'}file-${at}.json`,
    contents: `{"n":${at},"text":"${'Vertrag – contrat – 合同 – '.repeat(1 + ((at * 7919) % 4000))}"}`,
  }));
}

describe('the write thread', () => {
  it('writes every file handed over, in batches, and hashes each as the manifest does', async () => {
    const root = join(scratch, 'many');
    const files = manyFiles(3000);
    const writer = new ThreadedWriter({ root });
    // Handed over in uneven portions, as the build does, and more than the few batches allowed in flight.
    for (let start = 0; start < files.length; start += 250) writer.add(files.slice(start, start + 250));
    const hashes = await writer.hashes();
    const { stats } = await writer.finish();
    expect(hashes).toEqual(hashFiles(files));
    expect(stats.files).toBe(files.length);
    expect(stats.bytes).toBe(files.reduce((total, file) => total + Buffer.byteLength(file.contents), 0));
    expect(folderHashes(root)).toEqual(new Map(files.map((file): [string, string] => [file.path, sha256(file.contents)])));
  });

  it('links a file whose hash the previous output has, and writes the others', async () => {
    const previous = join(scratch, 'previous');
    mkdirSync(previous, { recursive: true });
    writeFileSync(join(previous, 'same.json'), '{"same":true}');
    writeFileSync(join(previous, 'changed.json'), '{"changed":false}');
    const before = { 'same.json': contentHash('{"same":true}'), 'changed.json': contentHash('{"changed":false}') };
    const root = join(scratch, 'linked');
    const writer = new ThreadedWriter({ root, previous: { dir: previous, before } });
    writer.add([
      { path: 'same.json', contents: '{"same":true}' },
      { path: 'changed.json', contents: '{"changed":true}' },
    ]);
    const { stats } = await writer.finish();
    expect(stats.linked).toBe(1);
    expect(statSync(join(root, 'same.json')).ino).toBe(statSync(join(previous, 'same.json')).ino);
    expect(readFileSync(join(root, 'changed.json'), 'utf8')).toBe('{"changed":true}');
  });

  it('writes nothing while its gate is shut, and everything once another thread opens it', async () => {
    const root = join(scratch, 'gated');
    const gate = new WriteGate();
    const writer = new ThreadedWriter({ root, gate: gate.buffer });
    writer.add([{ path: 'first.json', contents: '{}' }]);
    // Sent, not written: the write thread waits at the gate.
    const hashes = writer.hashes();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(root)).toBe(false);
    gate.open();
    expect(await hashes).toEqual([['first.json', contentHash('{}')]]);
    await writer.finish();
    expect(readFileSync(join(root, 'first.json'), 'utf8')).toBe('{}');
  });

  it("reports a file the system refuses as the user's to fix, naming the path", async () => {
    const root = join(scratch, 'refused');
    mkdirSync(root, { recursive: true });
    // A file where the build needs a folder.
    writeFileSync(join(root, 'search'), 'not a folder');
    const writer = new ThreadedWriter({ root });
    writer.add([{ path: 'search/index.json', contents: '{}' }]);
    const failure = await writer.finish().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutputWriteError);
    // The file it was writing, first: some system errors (ENOSPC) name no path of their own.
    expect((failure as Error).message).toMatch(new RegExp(`^could not write ${escapeRegExp(join(root, 'search', 'index.json'))}: E`));
    expect((failure as OutputWriteError).hint).toMatch(/--out/);
  });
});

describe("another thread's port to the write thread (as the search thread sends its files)", () => {
  // Sent from here as the search thread sends them: encoded, counted in their lane, posted through the port.
  function sendThroughPort(writer: ThreadedWriter, files: OutputFile[]): void {
    const port = writer.port();
    const buffer = new BatchBuffer(sendThrough(port, writer.flow, SEARCH_LANE));
    buffer.add(files);
    buffer.flush();
    // Blocks until the write thread has taken care of every batch: it reads the port on its own thread.
    writer.flow.drain(SEARCH_LANE);
    port.close();
  }

  it('writes and hashes the files sent through it beside the files handed over, every one before the next hashes', async () => {
    const root = join(scratch, 'port');
    const writer = new ThreadedWriter({ root });
    writer.add([{ path: 'a.json', contents: '{"a":1}' }]);
    sendThroughPort(writer, manyFiles(300));
    const hashes = new Map(await writer.hashes());
    await writer.finish();
    expect(hashes.size).toBe(301);
    for (const file of [{ path: 'a.json', contents: '{"a":1}' }, ...manyFiles(300)]) {
      expect(hashes.get(file.path), file.path).toBe(contentHash(file.contents));
      expect(readFileSync(join(root, file.path), 'utf8'), file.path).toBe(file.contents);
    }
  });

  it('reports a file the system refuses, sent through the port, to the thread that opened the writer', async () => {
    const root = join(scratch, 'port-refused');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'search'), 'not a folder');
    const writer = new ThreadedWriter({ root });
    sendThroughPort(writer, [{ path: 'search/index.json', contents: '{}' }]);
    const failure = await writer.finish().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutputWriteError);
    expect((failure as Error).message).toMatch(new RegExp(`^could not write ${escapeRegExp(join(root, 'search', 'index.json'))}: E`));
  });
});

describe('batches of files', () => {
  const big = 'x'.repeat(5 * 2 ** 20);
  it.each([
    [
      'empty files',
      [
        { path: 'a', contents: '' },
        { path: 'b', contents: '' },
      ],
    ],
    [
      'a file larger than a batch, between small ones',
      [
        { path: 'a', contents: 'ä' },
        { path: 'big', contents: big },
        { path: 'c', contents: '合同' },
      ],
    ],
    [
      'files that fill batches exactly and straddle them',
      Array.from({ length: 40 }, (_, at) => ({ path: `f${at}`, contents: 'é'.repeat(2 ** 18 - (at % 3)) })),
    ],
    // As the search index hands its files over: encoded already, among files that are not.
    [
      'files encoded already, straddling batches, between text ones',
      Array.from({ length: 40 }, (_, at) => ({ path: `e${at}`, contents: '合'.repeat(2 ** 17 - (at % 5)) })).map((file, at) =>
        at % 2 === 0 ? { ...file, encoded: Buffer.from(file.contents) } : file,
      ),
    ],
  ])('%s come out as they went in, in order', (_, files: OutputFile[]) => {
    const batches: FileBatch[] = [];
    const buffer = new BatchBuffer((batch) => batches.push(batch));
    buffer.add(files.slice(0, 1));
    buffer.add(files.slice(1));
    buffer.flush();
    const decoded = batches.flatMap((batch) => [...decodeBatch(batch)].map(({ path, bytes }) => ({ path, contents: Buffer.from(bytes).toString('utf8') })));
    expect(decoded).toEqual(files.map(({ path, contents }) => ({ path, contents })));
    // Each batch its own memory, so it can move to the write thread.
    expect(new Set(batches.map((batch) => batch.bytes)).size).toBe(batches.length);
  });
});

describe('the count of batches in flight', () => {
  // The search thread's batches reach the write thread through the main thread: were both counted together,
  // the main thread could wait for batches queued behind its own wait (the first full-scale run hung so).
  it("keeps a lane for each sender, so one sender's batches never hold up another's", () => {
    const flow = new BatchFlow();
    for (let batch = 0; batch < MAX_IN_FLIGHT[SEARCH_LANE]; batch += 1) flow.reserve(SEARCH_LANE);
    // With one count for both, this would block until the stall limit and throw.
    expect(() => flow.reserve(MAIN_LANE)).not.toThrow();
    flow.done(SEARCH_LANE);
    expect(() => flow.reserve(SEARCH_LANE)).not.toThrow();
  });
});

describe('a build written as it goes (the command line, search index on its own thread)', () => {
  it('writes exactly the files of the build made in memory', async () => {
    // Just past the terms from which a build is streamed; a smaller one is made on one thread.
    const ontology = join(scratch, 'streamed.owl');
    writeFileSync(ontology, generateFolioShaped({ classes: STREAMED_FROM_TERMS, properties: 10 }));
    const out = join(scratch, 'cli');
    const result = await runBuild(['--api-only', '--ontology', ontology, '--out', out, '--base-url', 'https://api.example.org/']);
    expect(result.stderr).not.toMatch(/^error/m);
    expect(result.stderr).toMatch(/^write: \d+ files on a thread of their own/m);
    const build = await generateApi({ ontology, baseUrl: 'https://api.example.org/' });
    const expected = new Map(build.files.map((file) => [file.path, sha256(file.encoded ?? file.contents)]));
    expect(folderHashes(out)).toEqual(expected);
  });

  it('builds an ontology of fewer terms on one thread, writing the same files', async () => {
    const out = join(scratch, 'small');
    const result = await runBuild(['--api-only', '--ontology', SAMPLE_ONTOLOGY, '--out', out, '--base-url', 'https://api.example.org/']);
    expect(result.stderr).not.toMatch(/^error/m);
    expect(result.stderr).toMatch(/^model: 52 classes, 6 object properties/m);
    expect(result.stderr).not.toMatch(/thread of their own|on another thread/);
    const build = await generateApi({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://api.example.org/' });
    expect(folderHashes(out)).toEqual(new Map(build.files.map((file) => [file.path, sha256(file.encoded ?? file.contents)])));
  });
});
