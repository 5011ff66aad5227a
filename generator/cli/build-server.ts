import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { earlierSockets, lineReader, SERVE_FLAG, STOP_FLAG, type BuildRequest } from './build-server-socket.js';
import { runOnServer } from './build-server-client.js';
import { enterRequest, send } from './served-process.ts';

/** How long a server waits for its next build before it exits and gives its memory back. */
export const IDLE_EXIT_MS = 15 * 60_000;
// Past this much memory held after a build, the server answers and exits: the next build starts a fresh one.
const MEMORY_LIMIT_BYTES = 1.5 * 2 ** 30;
// The command line a new server rehearses an update of (see rehearsalOf), as JSON, from the build that started it.
const REHEARSAL = 'FOLIO_BUILD_SERVER_REHEARSAL';

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
  /** Run once the server listens, before its first build (which waits for it). */
  rehearse?(): Promise<void>;
}

/**
 * Starts a build server for the next builds, in the background, unless one holds the socket: a process of its own
 * (not this one's child in the terminal's eyes, so Ctrl-C there does not stop it), which outlives this command. It
 * rehearses an update of `rehearsal`, the command line of the build that starts it. Whether it started one.
 */
export function startBuildServer(socket: string, launcher: string, rehearsal?: string[]): boolean {
  if (existsSync(socket)) return false;
  const env = rehearsal ? { ...process.env, [REHEARSAL]: JSON.stringify(rehearsal) } : process.env;
  const child = spawn(process.execPath, [...process.execArgv, launcher, SERVE_FLAG], { detached: true, stdio: 'ignore', env });
  child.on('error', () => {});
  child.unref();
  return true;
}

/** The command line the build that started this server ran, taken out of the environment its builds see. */
export function rehearsalOf(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const text = env[REHEARSAL];
  delete env[REHEARSAL];
  try {
    const argv: unknown = text === undefined ? undefined : JSON.parse(text);
    return Array.isArray(argv) && argv.every((arg) => typeof arg === 'string') ? argv : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves builds at a socket, one at a time, until none has come for its idle time. The launcher sends the command
 * line, its folder and environment; the server runs the build there, sends what it prints as it prints it, then the
 * exit status. A launcher that goes away mid-build (Ctrl-C) stops the server with it, as it would have stopped the
 * build's own process.
 */
export class BuildServer {
  readonly #socket: string;
  readonly #service: BuildService;
  readonly #idleMs: number;
  readonly #server: Server;
  #busy = false;
  #served = 0;
  #stopAfter = false;
  #idle: NodeJS.Timeout | undefined;
  // Settled once the rehearsal is over: a build that comes meanwhile waits for it.
  #ready: Promise<void> = Promise.resolve();

  constructor(socket: string, service: BuildService, { idleMs = IDLE_EXIT_MS }: { idleMs?: number } = {}) {
    this.#socket = socket;
    this.#service = service;
    this.#idleMs = idleMs;
    this.#server = createServer((connection) => this.#connected(connection));
    this.#server.on('error', (error: NodeJS.ErrnoException) => this.#failedToListen(error));
  }

  listen(): void {
    this.#server.listen(this.#socket, () => {
      for (const earlier of earlierSockets(this.#socket)) stopServerAt(earlier);
      const { rehearse } = this.#service;
      this.#ready = rehearse ? rehearse().catch(() => {}) : Promise.resolve();
      this.#ready.then(() => this.#between());
    });
  }

  #connected(connection: Socket): void {
    connection.setEncoding('utf8');
    connection.on('error', () => {});
    let asked = false;
    let building = false;
    connection.on('close', () => {
      if (building) process.exit(130);
    });
    connection.on(
      'data',
      lineReader((line) => {
        if (asked) return;
        asked = true;
        const request = requestOf(line);
        if (request?.argv[0] === STOP_FLAG) return this.#stopOnRequest(connection);
        this.#ready.then(() => {
          if (this.#busy || request === undefined || connection.destroyed) {
            send(connection, { declined: request ? 'the build server is busy with another build' : 'not a request' });
            connection.end();
            return;
          }
          building = true;
          this.#busy = true;
          clearTimeout(this.#idle);
          // A request the server cannot enter (its folder gone) ends without an answer: the launcher builds itself.
          this.#serve(request, connection)
            .catch(() => false)
            .then((ran) => {
              building = false;
              this.#busy = false;
              this.#served += ran ? 1 : 0;
              connection.end();
              if (this.#stopAfter || process.memoryUsage.rss() > MEMORY_LIMIT_BYTES) this.#stop();
              else this.#between(ran);
            });
        });
      }),
    );
  }

  /** Runs one request's build in its folder and environment, then puts the server's own back: whether it ran. */
  async #serve(request: BuildRequest, connection: Socket): Promise<boolean> {
    const restore = enterRequest(request, connection);
    try {
      const declined = this.#service.declines(request.argv);
      if (declined !== undefined) {
        send(connection, { declined });
        return false;
      }
      send(connection, { exit: await this.#service.run(request.argv) });
      return true;
    } finally {
      restore();
    }
  }

  // Waiting for the next build: after one that ran, its garbage collected, or a fresh server in this one's place.
  #between(ran = true): void {
    this.#idle = setTimeout(() => this.#stop(), this.#idleMs);
    if (!ran) return;
    setImmediate(() => {
      if (this.#busy || this.#service.between?.() !== 'renew') return;
      clearTimeout(this.#idle);
      this.#server.close(() => {
        this.#service.renew?.();
        process.exit(0);
      });
    });
  }

  #stopOnRequest(connection: Socket): void {
    this.#stopAfter = true;
    const when = this.#busy ? 'stops once the build it runs ends' : 'stopped';
    send(connection, { out: `the build server (process ${process.pid}, ${this.#served} build(s) served) ${when}\n` });
    send(connection, { exit: 0 });
    connection.end(() => this.#busy || this.#stop());
  }

  #stop(): void {
    this.#server.close();
    process.exit(0);
  }

  // Another server's socket: it goes on serving, unless it is gone and left the socket behind.
  #failedToListen(error: NodeJS.ErrnoException): void {
    if (error.code !== 'EADDRINUSE') process.exit(1);
    const probe = connect(this.#socket);
    probe.on('connect', () => process.exit(0));
    probe.on('error', () => {
      rmSync(this.#socket, { force: true });
      this.#server.listen(this.#socket);
    });
  }
}

// Asks the server at the socket to stop (once its build ends, if it runs one), as `--stop-server` does, without
// waiting for it; a socket no server holds any more is removed (see runOnServer).
function stopServerAt(socket: string): void {
  const request: BuildRequest = { argv: [STOP_FLAG], cwd: process.cwd(), env: {}, stdoutIsTTY: false, stderrIsTTY: false };
  void runOnServer(socket, request, { stdout: IGNORED, stderr: IGNORED });
}

const IGNORED = { write: () => true };

function requestOf(line: string): BuildRequest | undefined {
  try {
    const request = JSON.parse(line) as Partial<BuildRequest>;
    return Array.isArray(request.argv) && typeof request.cwd === 'string' && typeof request.env === 'object' ? (request as BuildRequest) : undefined;
  } catch {
    return undefined;
  }
}
