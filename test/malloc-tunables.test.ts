// The build command starts Node again with malloc tuned for an update (generator/cli/malloc-tunables.js), where glibc reads the tunables.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOptionsForUpdate, tunablesForUpdate } from '../generator/cli/malloc-tunables.js';
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

const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
const scratch = mkdtempSync(join(tmpdir(), 'malloc-tunables-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux' && tunablesForUpdate({}, glibc) !== undefined)('restartTunedForUpdate', () => {
  it('starts the same script again, in the same process, with the tunable set, once', () => {
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
    expect(result).toBe(`glibc.malloc.arena_max=4:${HUGE}:${REUSE} an argument [--no-warnings]`);
    expect(rest).toEqual([]);
  });
});
