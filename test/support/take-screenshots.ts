// `npm run screenshots`: the sample site built and opened in Chromium (Debian's, through playwright-core) at desktop
// and phone sizes, in light and dark, each of its kinds of page captured into docs/screenshots/ (the README shows two).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModel } from '../../generator/generate-api.ts';
import type { ModelEntity } from '../../generator/model/ontology-model.ts';
import { Router, SITE_PAGES } from '../../generator/route/router.ts';
import { launchBrowser } from './browser.ts';
import { runBuild } from './run-cli.ts';
import { freePort } from './server-process.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './shared-data.ts';
import { startStaticServer } from './static-server.ts';

const FOLDER = join(REPO_ROOT, 'docs/screenshots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 900, scheme: 'light' },
  { name: 'desktop-dark', width: 1280, height: 900, scheme: 'dark' },
  { name: 'phone', width: 375, height: 812, scheme: 'light' },
  { name: 'phone-dark', width: 375, height: 812, scheme: 'dark' },
] as const;

const out = mkdtempSync(join(tmpdir(), 'screenshots-'));
try {
  const baseUrl = `http://127.0.0.1:${await freePort()}/`;
  const built = await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', out, '--base-url', baseUrl]);
  if (built.code !== 0) throw new Error(`the sample did not build: ${built.stderr}`);
  const { model } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl });
  const router = new Router(baseUrl);
  // The class with the most children, which shows the most of a concept page.
  const richest = [...model.entities].sort((a, b) => childCount(b) - childCount(a))[0];
  const pages = [
    ['home', '/'],
    ['class', router.pageLinkPath(richest.id)],
    ['explorer', `/${SITE_PAGES.tree}/?id=${encodeURIComponent(richest.id)}`],
  ] as const;
  mkdirSync(FOLDER, { recursive: true });
  const server = await startStaticServer(out);
  const browser = await launchBrowser();
  try {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, colorScheme: size.scheme });
      for (const [name, path] of pages) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
        const file = join(FOLDER, `${name}-${size.name}.png`);
        await page.screenshot({ path: file });
        process.stdout.write(`${file}\n`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

function childCount(entity: ModelEntity): number {
  return 'parent_class_of' in entity.record ? entity.record.parent_class_of.length : 0;
}
