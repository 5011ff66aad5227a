import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { startNginx } from './nginx.ts';
import type { RunningServer } from './server-process.ts';

// Content types by extension as GitHub Pages sends them (mime-db); anything else is application/octet-stream.
const TYPES: readonly [string, string][] = [
  ['text/html', 'html htm'],
  ['text/css', 'css'],
  ['application/javascript', 'js mjs'],
  ['application/json', 'json map'],
  ['application/ld+json', 'jsonld'],
  ['application/xml', 'xml'],
  ['text/markdown', 'md markdown'],
  ['text/plain', 'txt'],
  ['image/svg+xml', 'svg'],
  ['image/png', 'png'],
  ['image/x-icon', 'ico'],
  ['application/wasm', 'wasm'],
  ['font/woff2', 'woff2'],
];

/**
 * The nginx configuration of the emulator, for a site served at `basePath` ("" or "/repo") below a root
 * folder. What it imitates, as observed of GitHub Pages (docs/github-pages.md):
 * - `/x` is served from the file `x`, else from `x.html` (no redirect), else, when `x/` is a folder, a 301 to
 *   `/x/`, whose index is `index.html`, `index.json` or `index.xml`;
 * - the Content-Type comes from the extension, application/octet-stream without one; text gets charset=utf-8;
 * - `Access-Control-Allow-Origin: *` on 200 and 404 answers only (not on redirects);
 * - every miss is the site's own `404.html` with status 404; query strings are ignored;
 * - `Cache-Control: max-age=600` on everything, and gzip on the fly.
 */
export function githubPagesConfig(basePath: string): { http: string; server: string } {
  const types = TYPES.map(([type, extensions]) => `${type} ${extensions};`).join(' ');
  return {
    http: `types { ${types} }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/html text/css text/plain text/markdown application/javascript application/json application/ld+json application/xml;
  gzip on; gzip_types *; gzip_proxied any; gzip_vary on;
  map $status $pages_cors { 200 "*"; 404 "*"; default ""; }`,
    server: `index index.html index.json index.xml;
    add_header Access-Control-Allow-Origin $pages_cors always;
    add_header Cache-Control "max-age=600" always;
    # A folder without an index answers like any miss.
    error_page 403 404 =404 ${basePath}/404.html;
    location / {
      try_files $uri $uri.html $uri/ =404;
    }`,
  };
}

/** Debian's nginx on 127.0.0.1, behaving as GitHub Pages does, serving `site` at `basePath` ("" for the root). */
export async function startGitHubPages(site: string, basePath = '', port?: number): Promise<RunningServer> {
  // The site must appear at basePath below the root nginx serves: a link there, as a project site lies below its user's.
  const root = basePath === '' ? undefined : mkdtempSync(join(tmpdir(), 'github-pages-'));
  if (root) {
    mkdirSync(dirname(join(root, basePath)), { recursive: true });
    symlinkSync(site, join(root, basePath));
  }
  const { http, server } = githubPagesConfig(basePath);
  try {
    const running = await startNginx(root ?? site, http, server, port);
    return {
      baseUrl: `${running.baseUrl}${basePath}`,
      stop: async () => {
        await running.stop();
        if (root) rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (root) rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A copy of a built folder as actions/upload-pages-artifact v4 and later packs it: without any file or folder
 * whose name starts with a dot. Returns the copy's folder and what was left out.
 */
export function pagesArtifact(built: string): { folder: string; leftOut: string[] } {
  const folder = mkdtempSync(join(tmpdir(), 'pages-artifact-'));
  const all = fg.sync('**/*', { cwd: built, dot: true, onlyFiles: true });
  const leftOut = all.filter((path) => path.split('/').some((name) => name.startsWith('.'))).sort();
  for (const path of all) {
    if (leftOut.includes(path)) continue;
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    copyFileSync(join(built, path), join(folder, path));
  }
  return { folder, leftOut };
}
