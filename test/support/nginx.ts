import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServerProcess, type RunningServer } from './server-process.ts';

export const NGINX = '/usr/sbin/nginx';
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
export const hasNginx = existsSync(NGINX) && existsSync(NJS_MODULE);

/** Debian's nginx on 127.0.0.1, in the foreground, with a config whose server block is `serverBlock`. */
export async function startNginx(site: string, http: string, serverBlock: string, port?: number): Promise<RunningServer> {
  const home = mkdtempSync(join(tmpdir(), 'nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(home, folder));
  port ??= await freePort();
  const config = `load_module ${NJS_MODULE};
worker_processes 1;
daemon off;
pid ${home}/nginx.pid;
error_log ${home}/error.log info;
${process.getuid?.() === 0 ? 'user root;' : ''}
events {}
http {
  access_log off;
  client_body_temp_path ${home}/body;
  proxy_temp_path ${home}/proxy;
  fastcgi_temp_path ${home}/fastcgi;
  uwsgi_temp_path ${home}/uwsgi;
  scgi_temp_path ${home}/scgi;
  ${http}
  server {
    listen 127.0.0.1:${port};
    root ${site};
    ${serverBlock}
  }
}
`;
  writeFileSync(join(home, 'nginx.conf'), config);
  return startServerProcess('nginx', NGINX, ['-p', home, '-c', join(home, 'nginx.conf')], {
    baseUrl: `http://127.0.0.1:${port}`,
    signal: 'SIGQUIT',
    timeoutMs: 20_000,
    scratch: home,
  });
}

/** nginx serving a built folder with its generated `_nginx/site.conf` (and the search handler it includes), as a user sets it up. */
export function startNginxSite(folder: string, port?: number): Promise<RunningServer> {
  return startNginx(
    folder,
    `include /etc/nginx/mime.types; js_path "${folder}/_nginx/"; js_import search from search.js;`,
    `include ${folder}/_nginx/site.conf;`,
    port,
  );
}
