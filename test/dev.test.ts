import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { userEnvironment } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { freePort } from './support/server-process.ts';

const LAWYER = 'RSNhlUVbMWZc7bs6xkOE0ZO';

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// `npm run dev`: the API answers from the dev server and follows edits to the ontology without a restart.
describe('astro dev serves the current ontology live', () => {
  const ontology = mkdtempSync(join(tmpdir(), 'dev-ontology-'));
  let child: ChildProcess;
  let base = '';
  let log = '';

  beforeAll(async () => {
    cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [join(REPO_ROOT, 'test/support/dev-child.ts'), ontology, String(port)], {
      cwd: REPO_ROOT,
      env: userEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    await waitFor(async () => ((await fetch(`${base}/${LAWYER}`)).status === 200 ? true : undefined), `the dev server\n${log}`, 60_000);
    // On a first run Vite restarts once to optimise dependencies; edit only after the log has settled.
    let seen = log.length;
    await waitFor(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const settled = log.length === seen;
      seen = log.length;
      return settled ? true : undefined;
    }, 'a quiet dev server log');
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(ontology, { recursive: true, force: true });
  });

  it('answers every format with its Content-Type and CORS', async () => {
    for (const [suffix, type] of [
      ['', 'application/json'],
      ['/jsonld', 'application/ld+json'],
      ['/xml', 'application/rdf+xml'],
      ['/markdown', 'text/markdown; charset=utf-8'],
    ]) {
      const response = await fetch(`${base}/${LAWYER}${suffix}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await (await fetch(`${base}/${LAWYER}`)).json()).label).toBe('Lawyer');
  });

  it('renders the site pages from the same model', async () => {
    // Astro's dev server annotates elements with their source, so match the element loosely.
    expect(await (await fetch(`${base}/`)).text()).toMatch(/<h1[^>]*>Sample Legal Lexicon<\/h1>/);
    expect(await (await fetch(`${base}/_site/pages/${LAWYER}/`)).text()).toMatch(/<h1[^>]*>Lawyer<\/h1>/);
    // The seed URL of the page too, which GitHub Pages' layout links to.
    expect(await (await fetch(`${base}/${LAWYER}/html`)).text()).toMatch(/<h1[^>]*>Lawyer<\/h1>/);
  });

  it.skipIf(!existsSync(CHROMIUM))('an open concept page shows an edited label by itself, without a restart or a reload by the reader', async () => {
    const browser = await launchBrowser();
    const file = join(ontology, 'sample.owl');
    const original = readFileSync(file, 'utf8');
    try {
      const page = await browser.newPage();
      page.on('console', (m) => {
        log += `\nconsole: ${m.text()}`;
      });
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          log += `\nframe: ${String(f.payload).slice(0, 80)}`;
        }),
      );
      page.on('framenavigated', () => {
        log += '\nnavigated';
      });
      await page.goto(`${base}/_site/pages/${LAWYER}/`);
      // The page's own heading: Astro's dev toolbar adds headings of its own (in its shadow root) once it loads.
      expect(await page.locator('h1[data-pagefind-meta="title"]').textContent()).toBe('Lawyer');
      writeFileSync(file, original.replace('<rdfs:label>Lawyer</rdfs:label>', '<rdfs:label>Counsel at Law</rdfs:label>'));
      // The dev server regenerates and tells the page to reload over Vite's websocket.
      await page
        .waitForFunction(() => document.querySelector('h1')?.textContent === 'Counsel at Law', undefined, { timeout: 30_000 })
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\n${log.slice(-3000)}`);
        });
    } finally {
      writeFileSync(file, original);
      await browser.close();
    }
    await waitFor(async () => ((await (await fetch(`${base}/${LAWYER}`)).json()).label === 'Lawyer' ? true : undefined), 'the label restored');
  });

  it('regenerates when a file under the ontology folder changes, and keeps the last good build on a broken edit', async () => {
    const file = join(ontology, 'sample.owl');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('<rdfs:label>Lawyer</rdfs:label>', '<rdfs:label>Legal Counsel</rdfs:label>'));
    await waitFor(async () => ((await (await fetch(`${base}/${LAWYER}`)).json()).label === 'Legal Counsel' ? true : undefined), 'the new label');

    writeFileSync(file, original.replace('</rdf:RDF>', ''));
    await waitFor(async () => (/malformed RDF\/XML/.test(log) ? true : undefined), `the error in the dev log\n${log}`);
    expect((await (await fetch(`${base}/${LAWYER}`)).json()).label).toBe('Legal Counsel');
  });
});
