import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userEnvironment } from './run-cli.ts';
import { REPO_ROOT } from './shared-data.ts';

// Not newer than the workerd runtime that this wrangler bundles supports.
const COMPATIBILITY_DATE = '2025-01-01';

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

/** `wrangler pages dev` (Cloudflare's own runtime) serving a built folder on 127.0.0.1. */
export async function startWranglerPages(folder: string): Promise<RunningServer> {
  const port = await freePort();
  const wrangler = join(REPO_ROOT, 'node_modules/wrangler/bin/wrangler.js');
  const home = mkdtempSync(join(tmpdir(), 'wrangler-home-'));
  const child: ChildProcess = spawn(process.execPath, [wrangler, 'pages', 'dev', folder, '--ip', '127.0.0.1', '--port', String(port),
    '--compatibility-date', COMPATIBILITY_DATE, '--show-interactive-dev-session=false'], {
    cwd: home,
    env: { ...userEnvironment(), HOME: home, XDG_CONFIG_HOME: home, CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the workerd runtime it starts.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler exited early:\n${output}`);
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`wrangler did not answer within 60 s:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/`).then(() => true, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5_000).unref();
    }),
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
