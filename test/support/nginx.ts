import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type RunningServer } from './wrangler.ts';

export const NGINX = '/usr/sbin/nginx';
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
export const hasNginx = existsSync(NGINX) && existsSync(NJS_MODULE);

/** Debian's nginx on 127.0.0.1, in the foreground, with a config whose server block is `serverBlock`. */
export async function startNginx(site: string, http: string, serverBlock: string): Promise<RunningServer> {
  const home = mkdtempSync(join(tmpdir(), 'nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(home, folder));
  const port = await freePort();
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
  const child = spawn(NGINX, ['-p', home, '-c', join(home, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`${baseUrl}/`).then(() => true, () => false))) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
    }),
  };
}
