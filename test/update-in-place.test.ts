import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Manifest } from '../generator/changes/manifest-table.ts';
import { MANIFEST_FILE, UPDATING_FILE } from '../generator/route/router.ts';
import { renamePlan, updateInPlace } from '../generator/write/update-in-place.ts';

describe('the renames of an update in place', () => {
  const staged = (target: string, at: number) => ({ temporary: `${target}.${at}.tmp`, target });
  const plan = (targets: string[]) => {
    const { others, manifest, dropped } = renamePlan(targets.map(staged), '/o/_build/manifest.json');
    const shown = (entries: { temporary: string }[]) => entries.map(({ temporary }) => temporary);
    return { others: shown(others), manifest: shown(manifest), dropped: shown(dropped) };
  };
  it.each<[string, string[], { others: string[]; manifest: string[]; dropped: string[] }]>([
    [
      'the manifest written aside, first among them',
      ['/o/_build/manifest.json', '/o/_site/downloads/a.gz', '/o/R1'],
      { others: ['/o/_site/downloads/a.gz.1.tmp', '/o/R1.2.tmp'], manifest: ['/o/_build/manifest.json.0.tmp'], dropped: [] },
    ],
    [
      'the manifest made here, among the others',
      ['/o/R1', '/o/_build/manifest.json', '/o/search/index.json'],
      { others: ['/o/R1.0.tmp', '/o/search/index.json.2.tmp'], manifest: ['/o/_build/manifest.json.1.tmp'], dropped: [] },
    ],
    ['no manifest', ['/o/R2', '/o/R1'], { others: ['/o/R2.0.tmp', '/o/R1.1.tmp'], manifest: [], dropped: [] }],
    [
      'a file staged twice: the later one renamed, the earlier removed',
      ['/o/R1', '/o/R2', '/o/R1'],
      { others: ['/o/R1.2.tmp', '/o/R2.1.tmp'], manifest: [], dropped: ['/o/R1.0.tmp'] },
    ],
  ])('%s', (_, targets, expected) => {
    expect(plan(targets)).toEqual(expected);
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

  it('writes the changed files, removes the gone ones, and leaves no temporary file or marker', async () => {
    const out = previous();
    expect(await updateInPlace(out, files, before, after, ['gone.json'])).toEqual({ files: 3, rewritten: 2, removed: 1 });
    // The marker's folder stays (a build's output has it anyway).
    expect(listing(out)).toEqual(['_build', 'changed.json', 'deep', 'deep/new.json', 'kept.json']);
    expect(['kept.json', 'changed.json', 'deep/new.json'].map((path) => readFileSync(join(out, path), 'utf8'))).toEqual(['kept', 'changed', 'new']);
    rmSync(out, { recursive: true });
  });

  it('leaves the previous output as it was when a file cannot be written, every temporary file removed', async () => {
    const out = previous();
    // A file where the new file's folder should be: its write fails after another file's temporary copy is written.
    writeFileSync(join(out, 'deep'), 'in the way');
    await expect(updateInPlace(out, files, before, after, ['gone.json'])).rejects.toThrow(/deep/);
    expect(listing(out)).toEqual(['_build', 'changed.json', 'deep', 'gone.json', 'kept.json']);
    expect(readFileSync(join(out, 'changed.json'), 'utf8')).toBe('old');
    rmSync(out, { recursive: true });
  });

  it('gives a file staged twice its last contents, and leaves no temporary file', async () => {
    const out = previous();
    const aside = join(out, '.staged-changed.json');
    writeFileSync(aside, 'written aside');
    await updateInPlace(out, files, before, after, ['gone.json'], [{ temporary: aside, path: 'changed.json' }]);
    expect(readFileSync(join(out, 'changed.json'), 'utf8')).toBe('changed');
    expect(listing(out)).toEqual(['_build', 'changed.json', 'deep', 'deep/new.json', 'kept.json']);
    rmSync(out, { recursive: true });
  });

  // The manifest made here among the other files, or written aside first (as an update stages it: see StagedFile).
  it.each([
    ['made here', false],
    ['written aside, first among the staged files', true],
  ])('renames the manifest (%s) after every other file, and leaves it as it was, with the marker, when one cannot be renamed', async (_, aside) => {
    const out = previous();
    mkdirSync(join(out, '_build'), { recursive: true });
    writeFileSync(join(out, MANIFEST_FILE), 'old manifest');
    // A folder that holds a file where a changed file goes: writing beside it works, renaming onto it cannot.
    rmSync(join(out, 'changed.json'));
    mkdirSync(join(out, 'changed.json'));
    writeFileSync(join(out, 'changed.json', 'inside'), 'x');
    const staged = join(out, '_build', '.staged-manifest.json');
    writeFileSync(staged, 'new manifest');
    const made = aside ? files : [...files, { path: MANIFEST_FILE, contents: 'new manifest' }];
    const written = aside ? [{ temporary: staged, path: MANIFEST_FILE }] : [];
    await expect(updateInPlace(out, made, before, after, ['gone.json'], written)).rejects.toThrow(/changed\.json/);
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe('old manifest');
    expect(existsSync(join(out, UPDATING_FILE))).toBe(true);
    // Each file whole, old or new, and a later build distrusts the folder.
    expect(readFileSync(join(out, 'kept.json'), 'utf8')).toBe('kept');
    expect(readFileSync(join(out, 'deep', 'new.json'), 'utf8')).toBe('new');
    rmSync(out, { recursive: true });
  });
});
