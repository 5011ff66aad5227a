import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userEnvironment } from './run-cli.ts';
import { freePort, startServerProcess, type RunningServer } from './server-process.ts';
import { REPO_ROOT } from './shared-data.ts';

// Not newer than the workerd runtime that this wrangler bundles supports.
const COMPATIBILITY_DATE = '2025-01-01';

/** `wrangler pages dev` (Cloudflare's own runtime) serving a built folder on 127.0.0.1. */
export async function startWranglerPages(folder: string, port?: number): Promise<RunningServer> {
  port ??= await freePort();
  const home = mkdtempSync(join(tmpdir(), 'wrangler-home-'));
  const wrangler = join(REPO_ROOT, 'node_modules/wrangler/bin/wrangler.js');
  return startServerProcess(
    'wrangler',
    process.execPath,
    [
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
    ],
    {
      cwd: home,
      env: { ...userEnvironment(), HOME: home, XDG_CONFIG_HOME: home, CI: 'true', NO_COLOR: '1' },
      baseUrl: `http://127.0.0.1:${port}`,
      signal: 'SIGTERM',
      timeoutMs: 60_000,
      scratch: home,
    },
  );
}
