import { readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

// An ontology named by URL is downloaded (here from a server on 127.0.0.1) and parsed before anything is written.
describe('--ontology <url>', () => {
  const out = mkdtempSync(join(tmpdir(), 'url-input-'));
  let server: Server;
  let base = '';
  const bodies: Record<string, { type: string; body: string; status?: number }> = {
    '/FOLIO.owl': { type: 'application/octet-stream', body: readFileSync(join(SAMPLE_ONTOLOGY, 'sample.owl'), 'utf8') },
    '/extra': {
      type: 'text/turtle',
      body: `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<https://x.example/> a owl:Ontology .\n<https://x.example/A> a owl:Class ; <http://www.w3.org/2000/01/rdf-schema#label> "A" .\n`,
    },
    '/broken.owl': { type: 'application/rdf+xml', body: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' },
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      // Sends the start of a file, then nothing more: a server that stalls midway.
      if (request.url === '/stalls.owl') {
        response.writeHead(200, { 'content-type': 'application/rdf+xml' });
        response.write(bodies['/FOLIO.owl'].body.slice(0, 2000));
        return;
      }
      const found = bodies[request.url ?? ''];
      response.writeHead(found ? 200 : 404, { 'content-type': found?.type ?? 'text/plain' });
      response.end(found?.body ?? 'not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('downloads RDF/XML, reports its size and builds it', async () => {
    const result = await runBuild(['--ontology', `${base}/FOLIO.owl`, '--out', join(out, 'owl'), '--api-only']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`^downloaded [\\d.]+ MB from ${base}/FOLIO\\.owl$`, 'm'));
    expect(result.stdout).toMatch(/^built 49 classes, 6 object properties from 1 source\(s\)/m);
  });

  it('takes the format from the Content-Type when the URL has no extension', async () => {
    const result = await runBuild(['--ontology', `${base}/extra`, '--out', join(out, 'ttl'), '--api-only']);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(out, 'ttl', 'A'))).toBe(true);
  });

  it.each([
    ['an HTTP error', '/missing.owl', /^error: could not download .*\/missing\.owl: HTTP 404 — /],
    ['a download that does not parse', '/broken.owl', /^error: http:\/\/127\.0\.0\.1:\d+\/broken\.owl:1:\d+: malformed RDF\/XML: /],
    ['a server that stalls midway', '/stalls.owl', /^error: could not download .*\/stalls\.owl: timed out after 1 s — .*--download-timeout/],
  ])('fails on %s without writing anything', async (_, path, expected) => {
    const target = join(out, `fail${path.replace(/\W/g, '')}`);
    const result = await runBuild(['--ontology', `${base}${path}`, '--out', target, '--api-only', '--download-timeout', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(expected);
    expect(existsSync(target)).toBe(false);
  });
});
