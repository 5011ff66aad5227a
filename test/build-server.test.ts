import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runOnServer } from '../generator/cli/build-server-client.js';
import { type BuildRequest, mayServe } from '../generator/cli/build-server-socket.js';
import { folderHashes, until } from './support/folder-state.ts';
import { runBuild } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'build-server-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FAKE_SERVER = join(REPO_ROOT, 'test/support/fake-build-server.ts');
const servers: ChildProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});

/** A fake build server (test/support/fake-build-server.ts) on a socket of its own, once it listens. */
async function fakeServer(name: string, idleMs = 60_000, rehearsing = false): Promise<{ socket: string; exited: Promise<number | null> }> {
  const socket = join(scratch, `${name}.sock`);
  const server = spawn(process.execPath, [FAKE_SERVER, socket, String(idleMs), ...(rehearsing ? ['rehearse'] : [])], { stdio: 'ignore' });
  servers.push(server);
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  expect(await until(() => existsSync(socket), 20_000)).toBe(true);
  return { socket, exited };
}

function request(argv: string[], env: Record<string, string> = {}, cwd = scratch): BuildRequest {
  return { argv, cwd, env, stdoutIsTTY: false, stderrIsTTY: false };
}

/** Runs a request, gathering what the server prints, each stream apart and all in order. */
async function served(socket: string, asked: BuildRequest) {
  const printed = { stdout: '', stderr: '', both: '' };
  const into = (stream: 'stdout' | 'stderr') => ({
    write: (text: string) => {
      printed[stream] += text;
      printed.both += text;
    },
  });
  const output = { stdout: into('stdout'), stderr: into('stderr') };
  const status = await runOnServer(socket, asked, output);
  return { status, ...printed };
}

describe('the build server and the launcher', () => {
  it("runs the command in the launcher's folder and environment, and passes on its output in order and its exit status", async () => {
    const { socket } = await fakeServer('order');
    const first = await served(socket, request(['fail', '--x'], { FAKE_BUILD: 'first' }, REPO_ROOT));
    expect(first).toEqual({
      status: 3,
      stdout: `ran fail --x in ${REPO_ROOT} with first\nbytes as well\n`,
      stderr: 'a line on stderr\n',
      both: `ran fail --x in ${REPO_ROOT} with first\na line on stderr\nbytes as well\n`,
    });
    // The next request sees its own folder and environment, not what the one before it set.
    const second = await served(socket, request(['again']));
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(`ran again in ${scratch} with nothing\nbytes as well\n`);
  });

  it('leaves a declined command, or one that comes while it builds, to the launcher', async () => {
    const { socket } = await fakeServer('declines');
    expect(await served(socket, request(['decline']))).toEqual({ status: undefined, stdout: '', stderr: '', both: '' });
    const waiting = served(socket, request(['wait']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await served(socket, request(['meanwhile']))).status).toBeUndefined();
    expect((await waiting).status).toBe(0);
    // Once that build is over, the server takes the next.
    expect((await served(socket, request(['after']))).status).toBe(0);
  });

  it('stops when the launcher goes away mid-build, as the build would with its own process', async () => {
    const { socket, exited } = await fakeServer('interrupted');
    const connection = createConnection(socket);
    connection.on('error', () => {});
    connection.write(`${JSON.stringify(request(['wait']))}\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    connection.destroy();
    expect(await exited).toBe(130);
  });

  it('stops after its idle time, or when asked, once the build it runs has ended', async () => {
    const idle = await fakeServer('idle', 300);
    expect(await idle.exited).toBe(0);
    expect(existsSync(idle.socket)).toBe(false);

    const asked = await fakeServer('asked');
    const waiting = served(asked.socket, request(['wait']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stop = await served(asked.socket, request(['--stop-server']));
    expect(stop.status).toBe(0);
    expect(stop.stdout).toMatch(/^the build server \(process \d+, 0 build\(s\) served\) stops once the build it runs ends\n$/);
    expect((await waiting).status).toBe(0);
    expect(await asked.exited).toBe(0);
  });

  it('makes a build that comes while it rehearses wait for the rehearsal, rather than leave it to the launcher', async () => {
    const { socket } = await fakeServer('rehearsing', 60_000, true);
    const early = await served(socket, request(['build']));
    expect(early.status).toBe(0);
    expect(early.stdout).toBe(`ran build in ${scratch} with nothing\nbytes as well\n`);
  });

  it('gives way to a fresh server after a full build, once its socket is free', async () => {
    const { socket, exited } = await fakeServer('renewed');
    expect((await served(socket, request(['update']))).status).toBe(0);
    expect(existsSync(`${socket}.renewed`)).toBe(false);
    expect((await served(socket, request(['full']))).status).toBe(0);
    expect(await exited).toBe(0);
    expect(existsSync(`${socket}.renewed`)).toBe(true);
    expect(existsSync(socket)).toBe(false);
  });

  it("stops the servers of the installation's earlier bundles as it starts, and no other installation's", async () => {
    const earlier = await fakeServer('build-0123abcd-000000000001');
    const other = await fakeServer('build-4567cdef-000000000001');
    const current = await fakeServer('build-0123abcd-000000000002');
    expect(await earlier.exited).toBe(0);
    expect((await served(other.socket, request(['still']))).status).toBe(0);
    expect((await served(current.socket, request(['current']))).status).toBe(0);
  });

  it('finds no server behind the socket of one that was killed, and removes the socket for the next to start', async () => {
    const killed = await fakeServer('killed');
    servers.at(-1)?.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(killed.socket)).toBe(true);
    expect(await served(killed.socket, request(['build']))).toEqual({ status: undefined, stdout: '', stderr: '', both: '' });
    expect(existsSync(killed.socket)).toBe(false);
  });
});

describe('which command lines the launcher asks a build server about', () => {
  // The repository's static-api.config.json sets no apiOnly.
  it.each([
    [['--api-only'], true],
    [['--ontology', 'x.owl', '--api-only', '--out', 'y'], true],
    [['--api-only', '--full'], false],
    [['--api-only', '--help'], false],
    [['-h'], false],
    [['--ontology', 'x.owl'], false],
  ])('%j: %s', (argv, asks) => {
    expect(mayServe(argv)).toBe(asks);
  });
});

// The real command: a build of the API starts a server for the installation, and the next update goes to it.
describe('npm run build with the build server', () => {
  it('serves an update of the API that equals a build in its own process, and leaves other builds to the launcher', async () => {
    // Short: a socket's path has at most about 100 bytes, which the run's scratch folder may leave no room for.
    const home = mkdtempSync('/tmp/build-server-');
    // The server's socket in this test's temporary folder, not the user's (who may run a server of this checkout).
    const env = { FOLIO_BUILD_SERVER: '1', TMPDIR: home };
    const ontology = join(home, 'ontology');
    cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
    const out = join(home, 'out');
    const build = (args: string[], environment: Record<string, string> = env) =>
      runBuild(['--ontology', ontology, '--api-only', ...args], REPO_ROOT, environment);
    const stopServer = () => runBuild(['--stop-server'], REPO_ROOT, env);
    try {
      const first = await build(['--out', out]);
      expect(first.code).toBe(0);
      expect(first.stderr).toMatch(/^started a build server for the next updates \(npm run build -- --stop-server stops it/m);
      const sockets = join(home, `folio-static-api-${process.getuid?.() ?? 0}`);
      expect(await until(() => existsSync(sockets) && readdirSync(sockets).some((name) => name.endsWith('.sock')), 20_000)).toBe(true);
      // The new server rehearses an update of that build, writing nothing. A command it declines (a first build into
      // another folder, which the launcher then makes itself) waits for the rehearsal.
      const written = [folderHashes(out), folderHashes(join(home, '.out.cache'))];
      const declined = await build(['--out', join(home, 'first')]);
      expect(declined.code).toBe(0);
      // One server runs already: none is started.
      expect(declined.stderr).not.toMatch(/started a build server/);
      expect([folderHashes(out), folderHashes(join(home, '.out.cache'))]).toEqual(written);

      // Two updates: the second finds the previous build read while the server waited (write/prepared-reading.ts).
      const turtle = join(ontology, 'sample-extra.ttl');
      for (const label of ['Mediator', 'Arbitration Clause']) {
        writeFileSync(turtle, readFileSync(turtle, 'utf8').replace(`rdfs:label "${label}"`, `rdfs:label "${label} (served)"`));
        const update = await build(['--out', out]);
        expect(update.code, update.stderr).toBe(0);
        expect(update.stdout).toMatch(/^updated .* in place: \d+ file\(s\) rewritten/m);
        expect(update.stderr).toMatch(/^building .* → /);
      }
      const updated = readFileSync(join(out, '_build/manifest.json'), 'utf8');
      // A full build is the launcher's own: the server counts only the updates.
      expect((await build(['--out', out, '--full'])).code).toBe(0);
      const stopped = await stopServer();
      expect(stopped.stdout).toMatch(/^the build server \(process \d+, 2 build\(s\) served\) stopped\n$/);
      expect((await stopServer()).stdout).toBe('no build server runs for this installation\n');

      const alone = join(home, 'alone');
      expect((await build(['--out', alone], { FOLIO_BUILD_SERVER: '0', TMPDIR: home })).code).toBe(0);
      expect(updated).toBe(readFileSync(join(alone, '_build/manifest.json'), 'utf8'));
    } finally {
      await stopServer();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
