import { spawn, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server program and waits until `baseUrl` answers; `stop` sends `signal` (to the whole process
 * group), then SIGKILL if it lingers. Its output is kept for the error when it fails to start. `scratch`: a
 * folder of the server's own (its configuration, logs, home), removed once it has stopped or failed to start.
 */
export async function startServerProcess(
  name: string,
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'signal'> & { baseUrl: string; signal: NodeJS.Signals; timeoutMs: number; scratch?: string },
): Promise<RunningServer> {
  // Its own process group, so stopping it also stops what it starts (wrangler's workerd).
  const { baseUrl, signal, timeoutMs, scratch, ...spawnOptions } = options;
  const removeScratch = () => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  };
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(`${baseUrl}/`).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) {
      removeScratch();
      throw new Error(`${name} exited early:\n${output}`);
    }
    if (Date.now() > deadline) {
      kill('SIGKILL');
      removeScratch();
      throw new Error(`${name} did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl: baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        kill(signal);
        setTimeout(() => kill('SIGKILL'), 5_000).unref();
      }).then(removeScratch),
  };
}
