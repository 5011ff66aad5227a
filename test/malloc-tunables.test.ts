// The build command starts Node again with malloc tuned for an update (generator/cli/malloc-tunables.js), where glibc reads the tunables.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tunablesForUpdate, updateRestart } from '../generator/cli/malloc-tunables.js';
import { REPO_ROOT } from './support/shared-data.ts';

const HUGE = 'glibc.malloc.hugetlb=1';
const REUSE = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295';

describe('tunablesForUpdate', () => {
  it.each([
    { case: 'no tunables yet', tunables: undefined, glibc: '2.36', expected: `${HUGE}:${REUSE}` },
    {
      case: "the user's other tunables kept",
      tunables: 'glibc.malloc.arena_max=2',
      glibc: '2.36',
      expected: `glibc.malloc.arena_max=2:${HUGE}:${REUSE}`,
    },
    {
      case: "the user's own threshold kept, not named twice",
      tunables: 'glibc.malloc.mmap_threshold=65536',
      glibc: '2.36',
      expected: `glibc.malloc.mmap_threshold=65536:${HUGE}:glibc.malloc.trim_threshold=4294967295`,
    },
    { case: 'the user turned them off', tunables: 'glibc.malloc.hugetlb=0', glibc: '2.36', expected: undefined },
    { case: 'the user turned them on already', tunables: 'glibc.malloc.hugetlb=1', glibc: '2.39', expected: undefined },
    { case: 'the first glibc that reads it', tunables: undefined, glibc: '2.35', expected: `${HUGE}:${REUSE}` },
    { case: 'a glibc before it', tunables: undefined, glibc: '2.34', expected: undefined },
    { case: 'a later major version', tunables: undefined, glibc: '3.0', expected: `${HUGE}:${REUSE}` },
    { case: 'no glibc (musl, macOS)', tunables: undefined, glibc: undefined, expected: undefined },
  ])('$case', ({ tunables, glibc, expected }) => {
    expect(tunablesForUpdate(tunables === undefined ? {} : { GLIBC_TUNABLES: tunables }, glibc)).toBe(expected);
  });
});

describe('updateRestart: the environment an update starts again with', () => {
  it.each([
    { case: 'fresh memory slow: the tunables', tunables: undefined, glibc: '2.36', expected: `${HUGE}:${REUSE}` },
    {
      case: "fresh memory slow: the tunables, the user's own kept",
      tunables: 'glibc.malloc.arena_max=2',
      glibc: '2.36',
      expected: `glibc.malloc.arena_max=2:${HUGE}:${REUSE}`,
    },
    { case: 'fresh memory fast: not at all', tunables: undefined, glibc: undefined, expected: undefined },
    { case: "fresh memory fast, tunables of the user's: not at all", tunables: 'glibc.malloc.arena_max=2', glibc: undefined, expected: undefined },
    { case: 'a glibc that reads no tunables', tunables: undefined, glibc: '2.31', expected: undefined },
  ])('$case', ({ tunables, glibc, expected }) => {
    const restart = updateRestart(tunables === undefined ? { HOME: '/home/x' } : { HOME: '/home/x', GLIBC_TUNABLES: tunables }, glibc);
    expect(restart && { tunables: restart.GLIBC_TUNABLES, home: restart.HOME }).toEqual(expected && { tunables: expected, home: '/home/x' });
  });
});

const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
const scratch = mkdtempSync(join(tmpdir(), 'malloc-tunables-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux' && tunablesForUpdate({}, glibc) !== undefined)('restartTunedForUpdate', () => {
  const module = pathToFileURL(join(REPO_ROOT, 'generator/cli/malloc-tunables.js')).href;
  /** A script that says where it starts and what it runs with, around the restart; fresh memory slow or not as told. */
  const run = (slow: boolean) => {
    const script = join(scratch, `restart-${slow}.mjs`);
    writeFileSync(
      script,
      `import { restartTunedForUpdate } from ${JSON.stringify(module)};\nprocess.stdout.write(\`start \${process.pid}\\n\`);\nrestartTunedForUpdate(process.env, () => ${slow});\nprocess.stdout.write(\`\${process.env.GLIBC_TUNABLES} \${process.argv.slice(2).join(' ')} [\${process.execArgv.join(' ')}]\\n\`);\n`,
    );
    const env = { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' };
    const result = spawnSync(process.execPath, ['--no-warnings', '--min-semi-space-size=16', script, 'an argument'], { env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim().split('\n');
  };

  it('where fresh memory is slow, starts the same script again in the same process, once, with the tunables and the same options', () => {
    const [first, second, result, ...rest] = run(true);
    // execve keeps the process: the same pid starts twice.
    expect(first).toMatch(/^start \d+$/);
    expect(second).toBe(first);
    expect(result).toBe(`glibc.malloc.arena_max=4:${HUGE}:${REUSE} an argument [--no-warnings --min-semi-space-size=16]`);
    expect(rest).toEqual([]);
  });

  it('where fresh memory is fast, goes on as it started', () => {
    const [first, result, ...rest] = run(false);
    expect(first).toMatch(/^start \d+$/);
    expect(result).toBe('glibc.malloc.arena_max=4 an argument [--no-warnings --min-semi-space-size=16]');
    expect(rest).toEqual([]);
  });
});
