import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userEnvironment } from './support/run-cli.ts';
import { REPO_ROOT } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'lock-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// The GitHub Pages workflow installs with `npm ci`; runners come with npm 10, developers' machines with 11.
// npm 11 refuses a lock file that lacks other platforms' optional packages; a dry run tells without installing.
describe('the lock file', () => {
  it.each(['10', '11'])(
    'installs with npm ci on npm %s',
    async (major) => {
      const folder = mkdtempSync(join(scratch, `npm${major}-`));
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(REPO_ROOT, file), join(folder, file));
      const result = await run('npx', ['-y', `npm@${major}`, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], folder);
      expect(result.output).not.toMatch(/Missing: .* from lock file/);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/^added \d+ packages/m);
    },
    180_000,
  );
});
