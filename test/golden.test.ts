import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_DIR, GOLDEN_FILE_BY_FORMAT, GOLDEN_IDS, GOLDEN_SITE_FILES, currentGoldenFiles } from './golden/golden-cases.ts';
import { DOWNLOADS } from '../generator/route/paths.ts';

// Each emitter's exact bytes for chosen sample entities; `npm run golden` regenerates them after a deliberate change.
describe('golden files', async () => {
  const files = await currentGoldenFiles();

  it('covers every emitter for every chosen entity, the site files and the downloads', () => {
    expect(files.size).toBe(Object.keys(GOLDEN_IDS).length * Object.keys(GOLDEN_FILE_BY_FORMAT).length + GOLDEN_SITE_FILES.length + DOWNLOADS.length);
    for (const contents of files.values()) expect(contents.length).toBeGreaterThan(0);
  });

  it.each([...files.keys()])('%s', (path) => {
    const golden = join(GOLDEN_DIR, path);
    expect(existsSync(golden), `${path} missing: run npm run golden`).toBe(true);
    expect(files.get(path)).toBe(readFileSync(golden, 'utf8'));
  });
});
