import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ViteDevServer } from 'vite';
import type { ApiBuild } from '../generate-api.ts';
import { formatSpec } from '../route/router.ts';

interface ServeOptions {
  watchPath?: string;
  onError(error: unknown): void;
  onReady(build: ApiBuild): void;
}

/** Serves the API from memory in `astro dev`, regenerating when the ontology changes on disk. */
export function serveApi(server: ViteDevServer, generate: () => Promise<ApiBuild>, options: ServeOptions): void {
  let lastGood: { build: ApiBuild; files: Map<string, string> } | undefined;
  let current: Promise<typeof lastGood> = Promise.resolve(undefined);
  const regenerate = (): void => {
    current = generate().then(
      (build) => {
        // An incremental build holds only the files the edit reached: the rest stay as served.
        const files = build.update && lastGood ? lastGood.files : new Map<string, string>();
        for (const path of build.update?.removed ?? []) files.delete(path);
        for (const file of build.files) files.set(file.path, file.contents);
        lastGood = { build, files };
        options.onReady(build);
        return lastGood;
      },
      (error: unknown) => {
        // Keep serving the last good build; the error is shown in the dev server's log.
        options.onError(error);
        return lastGood;
      },
    );
  };
  regenerate();
  if (options.watchPath) {
    server.watcher.add(options.watchPath);
    let timer: NodeJS.Timeout | undefined;
    let settle: ((next: Promise<typeof lastGood>) => void) | undefined;
    const onChange = (path: string): void => {
      if (!path.startsWith(options.watchPath ?? '') || !/\.(owl|rdf|xml|ttl)$/i.test(path)) return;
      // Requests wait from the first change on, so a page asked for before the regeneration ends is not rendered stale.
      if (!settle)
        current = new Promise((resolve) => {
          settle = resolve;
        });
      clearTimeout(timer);
      timer = setTimeout(() => {
        const release = settle;
        settle = undefined;
        regenerate();
        release?.(current);
        void current.then(() => server.ws.send({ type: 'full-reload' }));
      }, 100);
    };
    server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
  }
  server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
    void current.then((served) => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://dev').pathname);
      const page = served?.build.router.resolvePage(path);
      if (page !== undefined && served) {
        // Where the page's own route is not its seed URL (`_site/pages/{id}/`), the seed URL is answered from that route.
        request.url = served.build.router.pageLinkPath(page);
        return next();
      }
      const target = served?.build.router.resolve(path);
      const contents = target && served?.files.get(served.build.router.filePath(target.id, target.format));
      if (!target || contents === undefined) return next();
      response.setHeader('Content-Type', formatSpec(target.format).contentType);
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.end(contents);
    });
  });
}
