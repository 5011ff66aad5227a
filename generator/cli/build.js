// The build command's launcher, in plain JavaScript: `npm run build` starts it directly, so a build whose
// bundle is made (at install, or by the build before) loads no TypeScript at all and Node does not load its
// TypeScript stripper (0.1 s here, which --help's 0.3 s budget cannot spare). build.ts, the entry run by hand, is
// a symbolic link to this file: Node runs a link's target, by the target's name, so it too loads no TypeScript.
// The command runs as one script with V8's code kept from earlier runs (command-script.js); V8's code for the
// modules its threads load is kept in Node's compile cache (in the system's temporary folder, see Node's
// module.enableCompileCache), enabled before they are loaded.
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledEntry } from './bundle-location.js';
import { hasCommandScript, runCommandScript } from './command-script.js';
import { launcherRequest, runOnServer } from './build-server-client.js';
import { mayServe, SERVE_FLAG, serverAllowed, serverSocket, setBuildServerSocket, STOP_FLAG } from './build-server-socket.js';

const COMMAND = 'cli/build-command.ts';

// An older Node (a machine's own, run directly) would fail on the first TypeScript module with a stack trace.
if (typeof nodeModule.enableCompileCache !== 'function') {
  process.stderr.write(
    `error: the build needs Node 22.12 or newer, and this is Node ${process.version}: run it as \`npm run build\`, which uses the project's own Node 22 (installed by npm install)\n`,
  );
  process.exit(1);
}
const { directory } = nodeModule.enableCompileCache();
// Threads read it from the environment when they start.
if (directory !== undefined) process.env.NODE_COMPILE_CACHE ??= directory;
// Without a bundle for this source, cli-bundle.ts makes one first (or runs the source if that fails).
const bundled = bundledEntry(COMMAND) ?? (await (await import('./cli-bundle.ts')).commandModule(COMMAND));
const folder = dirname(fileURLToPath(bundled));
// An update of the API goes to the build server kept warm for this bundle, if one runs (see build-server.ts).
const scripted = hasCommandScript(folder);
const socket = scripted && (serverAllowed() || process.argv[2] === STOP_FLAG) ? serverSocket(folder) : undefined;
if (socket !== undefined) setBuildServerSocket(socket);
const argv = process.argv.slice(2);
const asked = socket !== undefined && argv[0] !== SERVE_FLAG && (argv[0] === STOP_FLAG || mayServe(argv)) && existsSync(socket);
const served = asked ? await runOnServer(socket, launcherRequest(argv)) : undefined;
if (served !== undefined) process.exitCode = served;
else if (argv[0] === STOP_FLAG) process.stdout.write('no build server runs for this installation\n');
else if (scripted) runCommandScript(folder);
else await import(bundled.href);
