import { spawn, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
  /** Stops and continues the server's whole process group, where it has one (an idle wrangler polls its files). */
  pause?(): void;
  resume?(): void;
}

// Ports handed to servers are drawn below the kernel's ephemeral range (32768 and up on Linux), from a stretch
// of a thousand for each Vitest worker: two test files running side by side never get the same port, and no
// port the kernel lends an outgoing connection or a listen(0) is handed out (asking the kernel for a free port
// and closing it gave two files the same one, and one server failed with "address already in use").
const PORTS_PER_WORKER = 1000;
const FIRST_PORT = 20_000;
let nextPort = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 12;
  for (let tries = 0; tries < PORTS_PER_WORKER; tries += 1) {
    const port = FIRST_PORT + worker * PORTS_PER_WORKER + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port among ${PORTS_PER_WORKER} for Vitest worker ${worker}`);
}

// The process groups of the servers started here and still running, killed when this process (or test thread)
// exits: a run interrupted with Ctrl-C ends without its teardown, and a server it had paused would stay stopped,
// holding its port and memory, until killed by hand.
const running = new Set<() => void>();
process.on('exit', () => {
  for (const killGroup of running) killGroup();
});

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
  const killGroup = () => kill('SIGKILL');
  running.add(killGroup);
  child.once('exit', () => running.delete(killGroup));
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
    pause: () => kill('SIGSTOP'),
    resume: () => kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        kill('SIGCONT');
        kill(signal);
        setTimeout(() => kill('SIGKILL'), 5_000).unref();
      }).then(removeScratch),
  };
}
