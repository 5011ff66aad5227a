// The build command runs from a bundle (generator/cli/cli-bundle.ts): it must be the same program as the source.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_ENTRIES, bundledEntry, writeBundle } from '../generator/cli/cli-bundle.ts';
import { COMMAND_SCRIPT } from '../generator/cli/command-script.js';
import { folderHashes } from './support/folder-state.ts';
import { userEnvironment } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
// Inside the package, as the real one is: the bundle imports the packages it leaves out from node_modules.
mkdirSync(join(REPO_ROOT, 'node_modules', '.cache'), { recursive: true });
const bundles = mkdtempSync(join(REPO_ROOT, 'node_modules', '.cache', 'cli-bundle-test-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(bundles, { recursive: true, force: true });
});

function build(command: string, out: string, extra: string[] = [], nodeOptions: string[] = [], env: NodeJS.ProcessEnv = {}): void {
  const run = spawnSync(process.execPath, [...nodeOptions, command, '--ontology', SAMPLE_ONTOLOGY, '--out', out, ...extra], {
    cwd: REPO_ROOT,
    env: { ...userEnvironment(), ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
}

describe("the build command's bundle", () => {
  const folder = join(bundles, 'cli-test');

  it('holds a file per entry, is not taken for whole before it is, and replaces older bundles beside it', async () => {
    const older = join(bundles, 'cli-older');
    mkdirSync(older, { recursive: true });
    // What a command killed while bundling left (no process has that number), and what one bundling now holds.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    mkdirSync(join(bundles, `cli-older.building-${dead}`));
    const live = join(bundles, `cli-other.building-${process.pid}`);
    mkdirSync(live);
    expect(bundledEntry('cli/build-command.ts', folder)).toBeUndefined();
    await writeBundle(folder);
    const command = bundledEntry('cli/build-command.ts', folder);
    expect(command && fileURLToPath(command)).toBe(join(folder, 'build-command.mjs'));
    expect(existsSync(join(folder, COMMAND_SCRIPT))).toBe(true);
    for (const entry of BUNDLE_ENTRIES) expect(existsSync(fileURLToPath(bundledEntry(entry, folder) as URL)), entry).toBe(true);
    expect(readdirSync(bundles).sort()).toEqual([`cli-other.building-${process.pid}`, 'cli-test']);
    rmSync(live, { recursive: true });
  });

  it('is ASCII, so that its files are read as one byte a character', () => {
    const files = readdirSync(folder).filter((name) => /\.(c|m)js$/.test(name));
    expect(files).toContain(COMMAND_SCRIPT);
    for (const name of files)
      expect(
        readFileSync(join(folder, name)).every((byte) => byte < 0x80),
        name,
      ).toBe(true);
  });

  // The command's script, as the launcher runs it, from this test's bundle.
  const scriptRunner = join(scratch, 'run-script.mjs');
  writeFileSync(
    scriptRunner,
    `import { runCommandScript } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'generator/cli/command-script.js')).href)};\nrunCommandScript(${JSON.stringify(folder)});\n`,
  );
  const codeCaches = () => readdirSync(folder).filter((name) => name.startsWith('code-cache.'));

  it.each([
    ['the API alone, written by its threads', ['--api-only']],
    ['the whole site', []],
  ])('writes the same bytes as the source for %s, from its modules and from its script', (_, extra) => {
    const [fromBundle, fromScript, fromSource] = ['bundle', 'script', 'source'].map((name) => join(scratch, `${name}-${extra.length}`));
    build(join(folder, 'build-command.mjs'), fromBundle, extra);
    build(scriptRunner, fromScript, extra);
    build(join(REPO_ROOT, 'generator/cli/build-command.ts'), fromSource, extra);
    const files = folderHashes(fromBundle);
    expect(files.size).toBeGreaterThan(200);
    expect(files).toEqual(folderHashes(fromSource));
    expect(folderHashes(fromScript)).toEqual(files);
  });

  it("keeps V8's code for its script once per kind of run, and V8 takes it in the next run of that kind", () => {
    for (const name of codeCaches()) rmSync(join(folder, name));
    const out = join(scratch, 'code-cache');
    // Node's switch for its compile cache turns this one off too.
    build(scriptRunner, join(scratch, 'no-code-cache'), ['--api-only'], [], { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(codeCaches()).toEqual([]);
    build(scriptRunner, out, ['--api-only']);
    expect(codeCaches()).toEqual(['code-cache.api-full.v8']);
    // The same ontology again: an update, whose code is added (a full build collects garbage with a flag set
    // and unset: code V8 refused for its flags would be made again, named for the update alone).
    build(scriptRunner, out, ['--api-only']);
    expect(codeCaches()).toEqual(['code-cache.api-full+api-update.v8']);
    const kept = statSync(join(folder, 'code-cache.api-full+api-update.v8'), { bigint: true });
    build(scriptRunner, out, ['--api-only']);
    build(scriptRunner, join(scratch, 'help'), ['--help']);
    const after = statSync(join(folder, 'code-cache.api-full+api-update.v8'), { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([kept.ino, kept.mtimeNs]);
  });
});

describe("npm run build's launcher", () => {
  it('runs the bundled command without loading any TypeScript, from the launcher and from the TypeScript entry (a link to it)', async () => {
    const script = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.build;
    const launcher = /\s(generator\/cli\/build\.js)(\s|$)/.exec(script)?.[1];
    expect(launcher, script).toBe('generator/cli/build.js');
    if (!bundledEntry('cli/build-command.ts')) await writeBundle();
    const [fromLauncher, fromEntry] = [join(scratch, 'launcher'), join(scratch, 'entry')];
    // Node refuses any .ts module under this option: the run fails if the launcher or the bundle loads one.
    build(join(REPO_ROOT, launcher as string), fromLauncher, ['--api-only'], ['--no-experimental-strip-types']);
    // The entry a user runs by hand is a link to the launcher, so Node reads it as JavaScript too.
    build(join(REPO_ROOT, 'generator/cli/build.ts'), fromEntry, ['--api-only'], ['--no-experimental-strip-types']);
    const files = folderHashes(fromLauncher);
    expect(files.size).toBeGreaterThan(200);
    expect(files).toEqual(folderHashes(fromEntry));
  });

  // The machine's own Node, outside the project's node_modules (on these machines Node 20).
  const path = (process.env.PATH ?? '').split(':').filter((folder) => !folder.includes('node_modules'));
  const systemNode = spawnSync('node', ['--version'], { env: { ...userEnvironment(), PATH: path.join(':') }, encoding: 'utf8' });
  const [major, minor] = (systemNode.stdout ?? '').replace(/^v/, '').split('.').map(Number);
  const older = systemNode.status === 0 && (major < 22 || (major === 22 && minor < 12));
  if (!older) console.warn(`skipped: no Node older than 22.12 on the PATH to run the launcher with (${systemNode.stdout?.trim() || 'none'})`);

  it.skipIf(!older)('refuses a Node older than 22.12 with one line saying what to run instead, not a stack trace', () => {
    const run = spawnSync('node', [join(REPO_ROOT, 'generator/cli/build.js'), '--help'], {
      env: { ...userEnvironment(), PATH: path.join(':') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error: the build needs Node 22\.12 or newer, and this is Node v\d+\.[^\n]*npm run build[^\n]*\n$/);
  });
});
