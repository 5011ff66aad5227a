import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { lineReader, SERVE_FLAG, STOP_FLAG, type BuildRequest, type ServerMessage } from './build-server-socket.js';

/** How long a server waits for its next build before it exits and gives its memory back. */
export const IDLE_EXIT_MS = 15 * 60_000;
// Past this much memory held after a build, the server answers and exits: the next build starts a fresh one.
const MEMORY_LIMIT_BYTES = 1.5 * 2 ** 30;

/** What the server runs: the build command, in the request's folder and environment. */
export interface BuildService {
  /** Why the server leaves this command to the launcher's own process, if it does. */
  declines(argv: string[]): string | undefined;
  /** The command's exit status. */
  run(argv: string[]): Promise<number>;
  /**
   * Called once a build is over and answered, while the server waits for the next: `renew` where this server should
   * give way to a fresh one (after a full build, whose memory an update does not need).
   */
  between?(): 'renew' | undefined;
  /** Starts the server that takes over from this one, once its socket is free. */
  renew?(): void;
}

/**
 * Starts a build server for the next builds, in the background, unless one holds the socket: a process of its own
 * (not this one's child in the terminal's eyes, so Ctrl-C there does not stop it), which outlives this command.
 */
export function startBuildServer(socket: string, launcher: string): void {
  if (existsSync(socket)) return;
  const child = spawn(process.execPath, [...process.execArgv, launcher, SERVE_FLAG], { detached: true, stdio: 'ignore' });
  child.on('error', () => {});
  child.unref();
}

/**
 * Serves builds at the socket, one at a time, until none has come for IDLE_EXIT_MS. The launcher sends the command
 * line, its folder and environment; the server runs the build there, sends what it prints as it prints it, then the
 * exit status. A launcher that goes away mid-build (Ctrl-C) stops the server with it, as it would have stopped the
 * build's own process.
 */
export function serveBuilds(socket: string, service: BuildService, { idleMs = IDLE_EXIT_MS }: { idleMs?: number } = {}): void {
  let busy = false;
  let served = 0;
  let stopAfter = false;
  let idle: NodeJS.Timeout | undefined;
  const server = createServer((connection) => {
    connection.setEncoding('utf8');
    connection.on('error', () => {});
    let asked = false;
    let answered = false;
    connection.on('close', () => {
      if (asked && !answered) process.exit(130);
    });
    connection.on(
      'data',
      lineReader((line) => {
        if (asked) return;
        asked = true;
        const request = requestOf(line);
        if (request?.argv[0] === STOP_FLAG) {
          answered = true;
          stopAfter = true;
          const when = busy ? 'stops once the build it runs ends' : 'stopped';
          send(connection, { out: `the build server (process ${process.pid}, ${served} build(s) served) ${when}\n` });
          send(connection, { exit: 0 });
          connection.end(() => busy || stop());
          return;
        }
        if (busy || request === undefined) {
          answered = true;
          send(connection, { declined: request ? 'the build server is busy with another build' : 'not a request' });
          connection.end();
          return;
        }
        busy = true;
        clearTimeout(idle);
        // A request the server cannot enter (its folder gone) ends without an answer: the launcher builds itself.
        serveRequest(request, connection, service)
          .catch(() => false)
          .then((ran) => {
            served += ran ? 1 : 0;
            answered = true;
            busy = false;
            connection.end();
            if (stopAfter || process.memoryUsage.rss() > MEMORY_LIMIT_BYTES) stop();
            else {
              waitIdle();
              setImmediate(() => {
                if (service.between?.() !== 'renew') return;
                clearTimeout(idle);
                server.close(() => {
                  service.renew?.();
                  process.exit(0);
                });
              });
            }
          });
      }),
    );
  });
  const stop = () => {
    server.close();
    process.exit(0);
  };
  const waitIdle = () => {
    idle = setTimeout(stop, idleMs);
  };
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') process.exit(1);
    // Another server's socket: it goes on serving, unless it is gone and left the socket behind.
    const probe = connect(socket);
    probe.on('connect', () => process.exit(0));
    probe.on('error', () => {
      rmSync(socket, { force: true });
      server.listen(socket);
    });
  });
  server.listen(socket, waitIdle);
}

/**
 * Runs one request's build in its folder and environment, its output sent to the launcher, then puts the server's own
 * back: whether it ran (rather than declined).
 */
async function serveRequest(request: BuildRequest, connection: Socket, service: BuildService): Promise<boolean> {
  const restore = enterRequest(request, connection);
  try {
    const declined = service.declines(request.argv);
    if (declined !== undefined) {
      send(connection, { declined });
      return false;
    }
    send(connection, { exit: await service.run(request.argv) });
    return true;
  } finally {
    restore();
  }
}

function requestOf(line: string): BuildRequest | undefined {
  try {
    const request = JSON.parse(line) as Partial<BuildRequest>;
    return Array.isArray(request.argv) && typeof request.cwd === 'string' && typeof request.env === 'object' ? (request as BuildRequest) : undefined;
  } catch {
    return undefined;
  }
}

function send(connection: Socket, message: ServerMessage): void {
  if (!connection.destroyed) connection.write(`${JSON.stringify(message)}\n`);
}

type Write = typeof process.stdout.write;
type Terminal = { isTTY?: boolean; columns?: number };

/** The process made to look like the launcher's for the build: its folder, environment, and output, which goes to the launcher. */
function enterRequest(request: BuildRequest, connection: Socket): () => void {
  const folder = process.cwd();
  const environment = { ...process.env };
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const terminals = { out: terminalOf(process.stdout), err: terminalOf(process.stderr) };
  process.chdir(request.cwd);
  replaceEnvironment(request.env);
  process.stdout.write = forwarded(connection, 'out');
  process.stderr.write = forwarded(connection, 'err');
  Object.assign(process.stdout, { isTTY: request.stdoutIsTTY, columns: request.columns });
  Object.assign(process.stderr, { isTTY: request.stderrIsTTY, columns: request.columns });
  return () => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    Object.assign(process.stdout, terminals.out);
    Object.assign(process.stderr, terminals.err);
    replaceEnvironment(environment);
    process.chdir(folder);
  };
}

function terminalOf(stream: Terminal): Terminal {
  return { isTTY: stream.isTTY, columns: stream.columns };
}

function forwarded(connection: Socket, stream: 'out' | 'err'): Write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    send(connection, stream === 'out' ? { out: text } : { err: text });
    const done = rest.find((argument) => typeof argument === 'function');
    if (typeof done === 'function') done();
    return true;
  }) as Write;
}

function replaceEnvironment(next: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!(name in next)) delete process.env[name];
  for (const [name, value] of Object.entries(next)) if (value !== undefined) process.env[name] = value;
}
