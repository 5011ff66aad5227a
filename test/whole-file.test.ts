// Files written by one request of the system's thread pool (see generator/write/whole-file.ts).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWhole } from '../generator/write/whole-file.ts';

const folder = mkdtempSync(join(tmpdir(), 'whole-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Longer than the 512 kB Node's promise API takes at a time, and than the 1,024 parts one system call writes.
const LARGE = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 5 }, (_, at) => (at * 31) % 251));
const MANY = Array.from({ length: 2_500 }, (_, at) => Buffer.from(`part ${at};`));

describe('writeWhole', () => {
  it.each<[string, Uint8Array | Uint8Array[], Buffer]>([
    ['one large buffer', LARGE, LARGE],
    ['more parts than one system call writes', MANY, Buffer.concat(MANY)],
    [
      'parts that are views into larger buffers, empty ones among them',
      [LARGE.subarray(10, 20), new Uint8Array(0), LARGE.subarray(5, 6)],
      Buffer.concat([LARGE.subarray(10, 20), LARGE.subarray(5, 6)]),
    ],
    ['nothing', [], Buffer.alloc(0)],
  ])('writes %s end to end', async (_, bytes, expected) => {
    const path = join(folder, 'file.bin');
    await writeWhole(path, bytes);
    expect(readFileSync(path)).toEqual(expected);
  });

  it('replaces what the file held before', async () => {
    const path = join(folder, 'shorter.bin');
    writeFileSync(path, LARGE);
    await writeWhole(path, Buffer.from('short'));
    expect(readFileSync(path, 'utf8')).toBe('short');
  });

  it('is written while this thread goes on without a turn of its event loop (as a build runs a long stage)', async () => {
    const path = join(folder, 'meanwhile.bin');
    const written = writeWhole(path, LARGE);
    // Never yields: a write that waited for the next turn to begin would leave the file empty until the deadline.
    const deadline = Date.now() + 5_000;
    while (statSync(path).size < LARGE.length && Date.now() < deadline);
    expect(statSync(path).size).toBe(LARGE.length);
    await written;
    expect(readFileSync(path)).toEqual(LARGE);
  });

  it('fails with the system error of a file that cannot be written', async () => {
    await expect(writeWhole(join(folder, 'no-such-folder', 'file.bin'), LARGE)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
