import type { Socket } from 'node:net';
import type { BuildRequest, ServerMessage } from './build-server-socket.js';

/** Sends one message to the launcher, a line of JSON, unless it has gone. */
export function send(connection: Socket, message: ServerMessage): void {
  if (!connection.destroyed) connection.write(`${JSON.stringify(message)}\n`);
}

type Write = typeof process.stdout.write;
type Terminal = { isTTY?: boolean; columns?: number };

/** The process made to look like the launcher's for the build: its folder, environment, and output, which goes to the launcher. */
export function enterRequest(request: BuildRequest, connection: Socket): () => void {
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
