// The build command starts Node again with malloc's huge pages on (generator/cli/huge-pages.js), where glibc reads that tunable.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tunablesWithHugePages } from '../generator/cli/huge-pages.js';
import { REPO_ROOT } from './support/shared-data.ts';

describe('tunablesWithHugePages', () => {
  it.each([
    { case: 'no tunables yet', tunables: undefined, glibc: '2.36', expected: 'glibc.malloc.hugetlb=1' },
    {
      case: "the user's other tunables kept",
      tunables: 'glibc.malloc.arena_max=2',
      glibc: '2.36',
      expected: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1',
    },
    { case: 'the user turned them off', tunables: 'glibc.malloc.hugetlb=0', glibc: '2.36', expected: undefined },
    { case: 'the user turned them on already', tunables: 'glibc.malloc.hugetlb=1', glibc: '2.39', expected: undefined },
    { case: 'the first glibc that reads it', tunables: undefined, glibc: '2.35', expected: 'glibc.malloc.hugetlb=1' },
    { case: 'a glibc before it', tunables: undefined, glibc: '2.34', expected: undefined },
    { case: 'a later major version', tunables: undefined, glibc: '3.0', expected: 'glibc.malloc.hugetlb=1' },
    { case: 'no glibc (musl, macOS)', tunables: undefined, glibc: undefined, expected: undefined },
  ])('$case', ({ tunables, glibc, expected }) => {
    expect(tunablesWithHugePages(tunables === undefined ? {} : { GLIBC_TUNABLES: tunables }, glibc)).toBe(expected);
  });
});

const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
const scratch = mkdtempSync(join(tmpdir(), 'huge-pages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux' && tunablesWithHugePages({}, glibc) !== undefined)('restartWithHugePages', () => {
  it('starts the same script again, in the same process, with the tunable set, once', () => {
    const script = join(scratch, 'restart.mjs');
    const module = pathToFileURL(join(REPO_ROOT, 'generator/cli/huge-pages.js')).href;
    writeFileSync(
      script,
      `import { restartWithHugePages } from ${JSON.stringify(module)};\nprocess.stdout.write(\`start \${process.pid}\\n\`);\nrestartWithHugePages();\nprocess.stdout.write(\`\${process.env.GLIBC_TUNABLES} \${process.argv.slice(2).join(' ')}\\n\`);\n`,
    );
    const env = { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' };
    const run = spawnSync(process.execPath, ['--no-warnings', script, 'an argument'], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [first, second, result, ...rest] = run.stdout.trim().split('\n');
    // execve keeps the process: the same pid starts twice.
    expect(second).toBe(first);
    expect(result).toBe('glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1 an argument');
    expect(rest).toEqual([]);
  });
});
