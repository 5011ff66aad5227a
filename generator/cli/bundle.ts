// `npm install` (the prepare script) bundles the build command once, so the first build starts as fast as the next.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleFolder, writeBundle } from './cli-bundle.ts';

const started = performance.now();
const folder = bundleFolder();
await writeBundle(folder);
const files = readdirSync(folder);
const bytes = files.reduce((total, file) => total + statSync(join(folder, file)).size, 0);
process.stdout.write(
  `bundled the build command: ${files.length} files, ${(bytes / 1024).toFixed(0)} kB, in ${relative(process.cwd(), folder)} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
