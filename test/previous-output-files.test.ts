// The previous build's output as an update reads it: whole, its size, or a stretch at a position.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviousOutputFiles } from '../generator/write/previous-output-files.ts';

const folder = mkdtempSync(join(tmpdir(), 'previous-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'rows.json'), '["a","bé","c"]');
const files = new PreviousOutputFiles(folder);
const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8'));

describe('PreviousOutputFiles', () => {
  it.each([
    { case: 'a whole file', read: () => text(files.read('rows.json')), expected: '["a","bé","c"]' },
    { case: 'a missing file', read: () => files.read('gone.json'), expected: undefined },
    { case: 'its size in bytes', read: () => files.size('rows.json'), expected: 15 },
    { case: 'the size of a missing file', read: () => files.size('gone.json'), expected: undefined },
    { case: 'a stretch', read: () => text(files.readAt('rows.json', 5, 5)), expected: '"bé"' },
    { case: 'a stretch up to the end', read: () => text(files.readAt('rows.json', 14, 1)), expected: ']' },
    { case: 'a stretch past the end', read: () => files.readAt('rows.json', 14, 2), expected: undefined },
    { case: 'a stretch of a missing file', read: () => files.readAt('gone.json', 0, 1), expected: undefined },
  ])('$case', ({ read, expected }) => {
    expect(read()).toEqual(expected);
  });
});
