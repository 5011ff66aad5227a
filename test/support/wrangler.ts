import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userEnvironment } from './run-cli.ts';
import { freePort, startServerProcess, type RunningServer } from './server-process.ts';
import { REPO_ROOT } from './shared-data.ts';

// Not newer than the workerd runtime that this wrangler bundles supports.
const COMPATIBILITY_DATE = '2025-01-01';

// Test files run in parallel: another server may take a port between wrangler choosing it and binding it (its
// workerd's own sockets too). Such a start is tried again.
const ATTEMPTS = 3;

// Where Node keeps compiled code when a program asks without naming a folder (module.enableCompileCache).
const COMPILE_CACHE = join(tmpdir(), 'node-compile-cache');

/** `wrangler pages dev` (Cloudflare's own runtime) serving a built folder on 127.0.0.1. */
export async function startWranglerPages(folder: string, port?: number): Promise<RunningServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(folder, port ?? (await freePort()));
    } catch (error) {
      if (attempt === ATTEMPTS || !(error instanceof Error) || !error.message.includes('Address already in use')) throw error;
    }
  }
}

async function startOnce(folder: string, port: number): Promise<RunningServer> {
  const home = mkdtempSync(join(tmpdir(), 'wrangler-home-'));
  // wrangler's own bin script only starts this file in a second Node process, with --no-warnings: started here directly, one Node start less.
  const wrangler = join(REPO_ROOT, 'node_modules/wrangler/wrangler-dist/cli.js');
  return startServerProcess(
    'wrangler',
    process.execPath,
    [
      '--no-warnings',
      wrangler,
      'pages',
      'dev',
      folder,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--compatibility-date',
      COMPATIBILITY_DATE,
      '--show-interactive-dev-session=false',
      // No line per request: wrangler's Node formats each one (0.6 s of CPU over 400 requests here). Warnings stay.
      '--log-level=warn',
    ],
    {
      cwd: home,
      // NODE_COMPILE_CACHE: V8 keeps its code for wrangler's 15 MB of JavaScript between starts (0.2 s of CPU a start).
      env: { ...userEnvironment(), HOME: home, XDG_CONFIG_HOME: home, CI: 'true', NO_COLOR: '1', NODE_COMPILE_CACHE: COMPILE_CACHE },
      baseUrl: `http://127.0.0.1:${port}`,
      signal: 'SIGTERM',
      timeoutMs: 60_000,
      scratch: home,
    },
  );
}
