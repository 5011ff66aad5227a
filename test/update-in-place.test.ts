import { describe, expect, it } from 'vitest';
import { manifestLast } from '../generator/write/update-in-place.ts';

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
