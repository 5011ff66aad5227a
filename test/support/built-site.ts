import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFolder } from '../../generator/write/cache-folder.ts';
import { runBuild } from './run-cli.ts';
import { freePort, type RunningServer } from './server-process.ts';

export interface BuiltSite {
  out: string;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * Builds with the command line into a fresh folder and serves it. `{port}` in the arguments becomes the
 * port the server will listen on, so a build can name its own address as base URL.
 */
export async function buildAndServe(args: string[], serve: (folder: string, port: number) => Promise<RunningServer>): Promise<BuiltSite> {
  const out = mkdtempSync(join(tmpdir(), 'built-site-'));
  const port = await freePort();
  const result = await runBuild([...args.map((arg) => arg.replace('{port}', String(port))), '--out', out]);
  if (result.code !== 0) throw new Error(`build failed:\n${result.stderr}`);
  const server = await serve(out, port);
  return {
    out,
    server,
    async close() {
      await server.stop();
      rmSync(out, { recursive: true, force: true });
      // The build's cache lies beside its output.
      rmSync(cacheFolder(out), { recursive: true, force: true });
    },
  };
}
