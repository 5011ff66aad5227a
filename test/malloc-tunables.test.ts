// The build command starts Node again with malloc tuned for an update (generator/cli/malloc-tunables.js), where glibc reads the tunables.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOptionsForUpdate, tunablesForUpdate, updateRestart } from '../generator/cli/malloc-tunables.js';
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

describe('nodeOptionsForUpdate', () => {
  it.each([
    { case: 'as npm run build gives it', options: ['--min-semi-space-size=16'], expected: [] },
    {
      case: 'with its value apart, among others',
      options: ['--no-warnings', '--min-semi-space-size', '16', '--max-old-space-size=4096'],
      expected: ['--no-warnings', '--max-old-space-size=4096'],
    },
    { case: 'spelt with underscores', options: ['--min_semi_space_size=8', '--inspect'], expected: ['--inspect'] },
    {
      case: 'other sizes kept',
      options: ['--max-semi-space-size=32', '--min-semi-space-sizes=1'],
      expected: ['--max-semi-space-size=32', '--min-semi-space-sizes=1'],
    },
    { case: 'none given', options: [], expected: [] },
  ])('leaves out the young generation’s size: $case', ({ options, expected }) => {
    expect(nodeOptionsForUpdate(options)).toEqual(expected);
  });
});

describe('updateRestart: what an update starts again with', () => {
  const FLAG = '--min-semi-space-size=16';
  it.each([
    { case: 'fresh memory slow: the tunables', tunables: undefined, options: [], glibc: '2.36', expected: { tunables: `${HUGE}:${REUSE}`, options: [] } },
    {
      case: 'fresh memory slow, as npm run build starts it: the tunables, without the young generation’s size',
      tunables: 'glibc.malloc.arena_max=2',
      options: ['--no-warnings', FLAG],
      glibc: '2.36',
      expected: { tunables: `glibc.malloc.arena_max=2:${HUGE}:${REUSE}`, options: ['--no-warnings'] },
    },
    { case: 'fresh memory fast: not at all', tunables: undefined, options: ['--no-warnings'], glibc: undefined, expected: undefined },
    {
      case: 'fresh memory fast, as npm run build starts it: without the young generation’s size, huge pages named off',
      tunables: 'glibc.malloc.arena_max=2',
      options: [FLAG],
      glibc: undefined,
      expected: { tunables: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0', options: [] },
    },
    {
      case: 'fresh memory fast, no tunables of the user’s',
      tunables: undefined,
      options: [FLAG],
      glibc: undefined,
      expected: { tunables: 'glibc.malloc.hugetlb=0', options: [] },
    },
    { case: 'a glibc that reads no tunables, no flag', tunables: undefined, options: [], glibc: '2.31', expected: undefined },
  ])('$case', ({ tunables, options, glibc, expected }) => {
    const restart = updateRestart(tunables === undefined ? { HOME: '/home/x' } : { HOME: '/home/x', GLIBC_TUNABLES: tunables }, options, glibc);
    expect(restart && { tunables: restart.env.GLIBC_TUNABLES, options: restart.options, home: restart.env.HOME }).toEqual(
      expected && { ...expected, home: '/home/x' },
    );
  });
});

const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
const scratch = mkdtempSync(join(tmpdir(), 'malloc-tunables-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux' && tunablesForUpdate({}, glibc) !== undefined)('restartTunedForUpdate', () => {
  it('starts the same script again, in the same process, once: with the tunables, or (fresh memory fast) huge pages named off', () => {
    const script = join(scratch, 'restart.mjs');
    const module = pathToFileURL(join(REPO_ROOT, 'generator/cli/malloc-tunables.js')).href;
    writeFileSync(
      script,
      `import { restartTunedForUpdate } from ${JSON.stringify(module)};\nprocess.stdout.write(\`start \${process.pid}\\n\`);\nrestartTunedForUpdate();\nprocess.stdout.write(\`\${process.env.GLIBC_TUNABLES} \${process.argv.slice(2).join(' ')} [\${process.execArgv.join(' ')}]\\n\`);\n`,
    );
    const env = { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' };
    const run = spawnSync(process.execPath, ['--no-warnings', '--min-semi-space-size=16', script, 'an argument'], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [first, second, result, ...rest] = run.stdout.trim().split('\n');
    // execve keeps the process: the same pid starts twice.
    expect(second).toBe(first);
    // Node's own options kept, but for the young generation's size (see nodeOptionsForUpdate).
    // Which of the two, the probe of fresh memory decides (updateRestart's table above holds each to its own).
    expect([
      `glibc.malloc.arena_max=4:${HUGE}:${REUSE} an argument [--no-warnings]`,
      'glibc.malloc.arena_max=4:glibc.malloc.hugetlb=0 an argument [--no-warnings]',
    ]).toContain(result);
    expect(rest).toEqual([]);
  });
});
