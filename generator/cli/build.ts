// `npm run build`'s entry: V8's compiled code for the build's modules is kept between runs (in the system's
// temporary folder, see Node's module.enableCompileCache), which starts each build and its threads sooner.
// The cache is enabled before the build's modules are loaded, so they are the ones it holds. The command runs
// from its bundle (cli-bundle.ts), made first when the source changed since; from the source if that fails.
import { enableCompileCache } from 'node:module';

const { directory } = enableCompileCache();
// Threads read it from the environment when they start.
if (directory !== undefined) process.env.NODE_COMPILE_CACHE ??= directory;
const { commandModule } = await import('./cli-bundle.ts');
await import((await commandModule('cli/build-command.ts')).href);
