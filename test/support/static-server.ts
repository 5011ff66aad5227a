import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { RunningServer } from './server-process.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.md': 'text/markdown',
};

/**
 * The floor of static hosting, like GitHub Pages or S3 websites: files by path, folders by index.html,
 * Content-Type by extension (octet-stream without one), query strings ignored, no rewrites, no headers.
 */
export async function startStaticServer(root: string): Promise<RunningServer> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = decodedPath(request.url ?? '/');
      // A path whose escapes are malformed is no file, as on the hosts it stands for.
      if (path === undefined) {
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        response.end('not found');
        return;
      }
      let file = join(root, path);
      const info = await stat(file).catch(() => undefined);
      if (info?.isDirectory()) file = join(file, 'index.html');
      const found = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!path.startsWith('/') || !found) {
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        response.end('not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decodedPath(url: string): string | undefined {
  try {
    return normalize(decodeURIComponent(new URL(url, 'http://x').pathname));
  } catch {
    return undefined;
  }
}
