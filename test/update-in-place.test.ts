import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Manifest } from '../generator/changes/manifest-table.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../generator/route/router.ts';
import { manifestLast, updateInPlace } from '../generator/write/update-in-place.ts';

describe('the renames of an update in place', () => {
  const rename = (target: string) => ({ temporary: `${target}.tmp`, target });
  it.each<[string, string[], string[]]>([
    [
      'the manifest written aside, first among them',
      ['/o/_build/manifest.json', '/o/_site/downloads/a.gz', '/o/R1'],
      ['/o/_site/downloads/a.gz', '/o/R1', '/o/_build/manifest.json'],
    ],
    [
      'the manifest written here, among the others',
      ['/o/R1', '/o/_build/manifest.json', '/o/search/index.json'],
      ['/o/R1', '/o/search/index.json', '/o/_build/manifest.json'],
    ],
    ['no manifest', ['/o/R2', '/o/R1'], ['/o/R2', '/o/R1']],
  ])('%s: the manifest last, the others in the order given', (_, targets, expected) => {
    expect(manifestLast(targets.map(rename), '/o/_build/manifest.json').map(({ target }) => target)).toEqual(expected);
  });
});

describe('an update in place', () => {
  const before = Manifest.fromEntries(
    [
      ['kept.json', 'k'],
      ['changed.json', 'c1'],
      ['gone.json', 'g'],
    ],
    [],
  );
  const after = Manifest.fromEntries(
    [
      ['kept.json', 'k'],
      ['changed.json', 'c2'],
      ['deep/new.json', 'n'],
    ],
    [],
  );
  const files = [
    { path: 'kept.json', contents: 'kept, not written again' },
    { path: 'changed.json', contents: 'changed' },
    { path: 'deep/new.json', contents: 'new' },
  ];
  const previous = () => {
    const out = mkdtempSync(join(tmpdir(), 'update-in-place-'));
    writeFileSync(join(out, 'kept.json'), 'kept');
    writeFileSync(join(out, 'changed.json'), 'old');
    writeFileSync(join(out, 'gone.json'), 'gone');
    return out;
  };
  const listing = (out: string) => readdirSync(out, { recursive: true, encoding: 'utf8' }).sort();

  it('writes the changed files, removes the gone ones, and leaves no temporary file or marker', () => {
    const out = previous();
    expect(updateInPlace(out, files, before, after, ['gone.json'])).toEqual({ files: 3, rewritten: 2, removed: 1 });
    // The marker's folder stays (a build's output has it anyway).
    expect(listing(out)).toEqual(['_build', 'changed.json', 'deep', 'deep/new.json', 'kept.json']);
    expect(['kept.json', 'changed.json', 'deep/new.json'].map((path) => readFileSync(join(out, path), 'utf8'))).toEqual(['kept', 'changed', 'new']);
    rmSync(out, { recursive: true });
  });

  it('leaves the previous output as it was when a file cannot be written, every temporary file removed', () => {
    const out = previous();
    // A file where the new file's folder should be: its write fails after another file's temporary copy is written.
    writeFileSync(join(out, 'deep'), 'in the way');
    expect(() => updateInPlace(out, files, before, after, ['gone.json'])).toThrow(/deep/);
    expect(listing(out)).toEqual(['_build', 'changed.json', 'deep', 'gone.json', 'kept.json']);
    expect(readFileSync(join(out, 'changed.json'), 'utf8')).toBe('old');
    rmSync(out, { recursive: true });
  });

  it('renames the manifest after every other file, and leaves it as it was, with the marker, when one cannot be renamed', () => {
    const out = previous();
    mkdirSync(join(out, '_build'), { recursive: true });
    writeFileSync(join(out, MANIFEST_FILE), 'old manifest');
    // A folder that holds a file where a changed file goes: writing beside it works, renaming onto it cannot.
    rmSync(join(out, 'changed.json'));
    mkdirSync(join(out, 'changed.json'));
    writeFileSync(join(out, 'changed.json', 'inside'), 'x');
    const withManifest = [...files, { path: MANIFEST_FILE, contents: 'new manifest' }];
    expect(() => updateInPlace(out, withManifest, before, after, ['gone.json'])).toThrow(/changed\.json/);
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe('old manifest');
    expect(existsSync(join(out, UPDATING_FILE))).toBe(true);
    // Each file whole, old or new, and a later build distrusts the folder.
    expect(readFileSync(join(out, 'kept.json'), 'utf8')).toBe('kept');
    rmSync(out, { recursive: true });
  });
});
