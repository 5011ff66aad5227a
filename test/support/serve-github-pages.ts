// `npm run serve:github-pages -- [folder] [--base-path /repo] [--port N]`: a built folder served by the GitHub
// Pages emulator (Debian's nginx), to look at a --host github-pages build as GitHub will serve it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startGitHubPages } from './github-pages.ts';
import { NGINX } from './nginx.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'base-path': { type: 'string' }, port: { type: 'string' } } });
const folder = resolve(positionals[0] ?? 'dist');
const basePath = (values['base-path'] ?? '').replace(/\/+$/, '');
if (!existsSync(NGINX)) {
  process.stderr.write(`error: the emulator runs Debian's nginx (${NGINX}), which is not installed — apt-get install nginx-light\n`);
  process.exit(1);
}
if (basePath !== '' && !basePath.startsWith('/')) {
  process.stderr.write(`error: --base-path must start with "/" (got "${basePath}") — the sub-path of the base URL the site was built for\n`);
  process.exit(1);
}
const server = await startGitHubPages(folder, basePath, values.port === undefined ? 8789 : Number(values.port));
process.stdout.write(`serving ${folder} as GitHub Pages would at ${server.baseUrl}/ (Ctrl-C stops)\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
