// `npm run golden`: rewrites the golden files from the current emitters; review the diff before committing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GOLDEN_DIR, currentGoldenFiles } from './golden-cases.ts';

rmSync(GOLDEN_DIR, { recursive: true, force: true });
const files = await currentGoldenFiles();
for (const [path, contents] of files) {
  mkdirSync(dirname(join(GOLDEN_DIR, path)), { recursive: true });
  writeFileSync(join(GOLDEN_DIR, path), contents);
}
process.stdout.write(`wrote ${files.size} golden files into test/golden/files\n`);
