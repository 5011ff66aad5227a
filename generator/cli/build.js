// The build command's launcher, in plain JavaScript: `npm run build` starts it directly, so a build whose
// bundle is made (at install, or by the build before) loads no TypeScript at all and Node does not load its
// TypeScript stripper (40–70 ms of a one-label rebuild). build.ts starts this same file for those who run
// the TypeScript entry. V8's compiled code for the build's modules is kept between runs (in the system's
// temporary folder, see Node's module.enableCompileCache): it is enabled before they are loaded, so they are
// the ones it holds.
import { enableCompileCache } from 'node:module';
import { bundledEntry } from './bundle-location.js';

const COMMAND = 'cli/build-command.ts';

const { directory } = enableCompileCache();
// Threads read it from the environment when they start.
if (directory !== undefined) process.env.NODE_COMPILE_CACHE ??= directory;
// Without a bundle for this source, cli-bundle.ts makes one first (or runs the source if that fails).
const bundled = bundledEntry(COMMAND) ?? (await (await import('./cli-bundle.ts')).commandModule(COMMAND));
await import(bundled.href);
