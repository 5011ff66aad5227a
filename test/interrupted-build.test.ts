import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { folderHashes, until } from './support/folder-state.ts';
import { runBuild, userEnvironment } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'interrupted-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Working folders of builds of `out`, beside it. */
function workingFolders(): string[] {
  return readdirSync(scratch).filter((name) => /^\.out\.(building|previous)-/.test(name));
}

describe('a build killed midway', () => {
  it('leaves the previous output whole and serving; the next build clears what it left', async () => {
    const out = join(scratch, 'out');
    expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only'])).code).toBe(0);
    const before = folderHashes(out);
    const id = [...before.keys()].find((path) => /^R[^/.]+$/.test(path)) ?? '';
    const server = await startStaticServer(out);
    try {
      const big = join(scratch, 'big.owl');
      writeFileSync(big, generateFolioShaped({ classes: 8000, properties: 40, seed: 5 }));
      const child = spawn(process.execPath, [join(REPO_ROOT, 'generator/cli/build.ts'), '--ontology', big, '--out', out, '--api-only'], {
        cwd: REPO_ROOT,
        env: userEnvironment(),
        stdio: 'ignore',
      });
      const exited = once(child, 'exit');
      // Killed once it has written part of the new output into its working folder beside the old.
      const written = () => workingFolders().some((name) => existsSync(join(scratch, name, '_api')) && readdirSync(join(scratch, name, '_api')).length > 200);
      expect(await until(() => written() || child.exitCode !== null, 60_000, 5), 'the build to start writing').toBe(true);
      expect(child.exitCode, 'the build finished before it could be killed').toBeNull();
      child.kill('SIGKILL');
      await exited;

      expect(workingFolders().length).toBe(1);
      expect(folderHashes(out)).toEqual(before);
      const response = await fetch(`${server.baseUrl}/${id}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(readFileSync(join(out, id), 'utf8'));

      expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--api-only'])).code).toBe(0);
      expect(await until(() => workingFolders().length === 0, 60_000), "the killed build's working folder to be removed").toBe(true);
      // The same input again: the same files, but for changes.json, which now compares with a previous build.
      const without = (files: Map<string, string>) => new Map([...files].filter(([path]) => path !== 'changes.json'));
      expect(without(folderHashes(out))).toEqual(without(before));
    } finally {
      await server.stop();
    }
  });
});
