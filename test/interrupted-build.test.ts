import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { runBuild, userEnvironment } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'interrupted-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function hashes(folder: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: folder, dot: true })).sort();
  return new Map(files.map((file) => [file, createHash('sha256').update(readFileSync(join(folder, file))).digest('hex')]));
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Working folders of builds of `out`, beside it. */
function workingFolders(): string[] {
  return readdirSync(scratch).filter((name) => /^\.out\.(building|previous)-/.test(name));
}

describe('a build killed midway', () => {
  it('leaves the previous output whole and serving; the next build clears what it left', async () => {
    const out = join(scratch, 'out');
    expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only'])).code).toBe(0);
    const before = await hashes(out);
    const id = [...before.keys()].find((path) => /^R[^/.]+$/.test(path)) ?? '';
    const server = await startStaticServer(out);
    try {
      const big = join(scratch, 'big.owl');
      writeFileSync(big, generateFolioShaped({ classes: 8000, properties: 40, seed: 5 }));
      const child = spawn(process.execPath, [join(REPO_ROOT, 'generator/cli/build.ts'), '--ontology', big, '--out', out, '--api-only'], { cwd: REPO_ROOT, env: userEnvironment(), stdio: 'ignore' });
      const exited = once(child, 'exit');
      // Killed once it has written part of the new output into its working folder beside the old.
      const written = () => workingFolders().some((name) => existsSync(join(scratch, name, '_api')) && readdirSync(join(scratch, name, '_api')).length > 200);
      await waitFor(() => written() || child.exitCode !== null, 'the build to start writing');
      expect(child.exitCode, 'the build finished before it could be killed').toBeNull();
      child.kill('SIGKILL');
      await exited;

      expect(workingFolders().length).toBe(1);
      expect(await hashes(out)).toEqual(before);
      const response = await fetch(`${server.baseUrl}/${id}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(readFileSync(join(out, id), 'utf8'));

      expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only'])).code).toBe(0);
      await waitFor(() => workingFolders().length === 0, 'the killed build\'s working folder to be removed');
      // The same input again: the same files, but for changes.json, which now compares with a previous build.
      const without = (files: Map<string, string>) => new Map([...files].filter(([path]) => path !== 'changes.json'));
      expect(without(await hashes(out))).toEqual(without(before));
    } finally {
      await server.stop();
    }
  });
});
