import { describe, expect, it } from 'vitest';
import { targetPath } from '../generator/write/write-files.ts';

const ROOT = '/srv/out';

describe('where a file of the build lands (targetPath)', () => {
  it.each([
    ['a file at the top', 'a.json', '/srv/out/a.json'],
    ['a file in folders', 'search/s/61.62.json', '/srv/out/search/s/61.62.json'],
    ['a name starting with dots', '.nojekyll', '/srv/out/.nojekyll'],
    ['a name of two dots and more', '..hidden/..x', '/srv/out/..hidden/..x'],
    ['a "." segment, normalised away', 'a/./b', '/srv/out/a/b'],
    ['a doubled slash', 'a//b', '/srv/out/a/b'],
    ['a leading slash, still inside', '/abs', '/srv/out/abs'],
    ['a ".." that stays inside', 'a/b/../c', '/srv/out/a/c'],
  ])('%s: %j', (_, path, target) => {
    expect(targetPath(ROOT, path)).toBe(target);
  });

  it.each([
    ["the folder's parent", '../x'],
    ['the parent, further down', 'a/../../x'],
    ['the folder itself', ''],
    ['the folder itself, as "."', '.'],
    ['the folder itself, through ".."', 'a/..'],
  ])('refuses %s: %j', (_, path) => {
    expect(() => targetPath(ROOT, path)).toThrow(/refusing to write outside the output folder/);
  });
});
