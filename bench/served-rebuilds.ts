// One-label rebuilds through the build server (generator/cli/build-server.ts), as `npm run build` runs them by
// default: an update in the command's own process starts the server, then each rebuild goes to it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServedRebuilds {
  /** `node generator/cli/build.ts …`, start to exit, in order: the first goes to a server that has built nothing yet. */
  byHand: number[];
  /** `npm run build -- …`, start to exit. */
  npm: number[];
}

/**
 * Times rebuilds of `out` from `ontology` through a build server whose socket is in `work` (not the user's temporary
 * folder, where a server of this checkout may be running): `undo` first (untimed, in the command's own process, which
 * starts the server), then `edit`, `undo` and `edit` by hand, then `undo`, `edit` and `undo` through npm. The server is
 * stopped at the end, and must have served every timed one.
 */
export async function timeServedRebuilds(
  work: string,
  ontology: string,
  out: string,
  { edit, undo }: { edit: (text: string) => string; undo: (text: string) => string },
): Promise<ServedRebuilds> {
  const env = { ...process.env, FOLIO_BUILD_SERVER: '1', TMPDIR: work, ASTRO_TELEMETRY_DISABLED: '1' };
  const args = ['--ontology', ontology, '--out', out, '--api-only'];
  const timed = (command: string, commandArgs: string[]) => {
    const started = performance.now();
    const run = spawnSync(command, commandArgs, { env, encoding: 'utf8' });
    if (run.status !== 0 || !/^updated /m.test(run.stdout)) throw new Error(`the rebuild did not update in place:\n${run.stdout}${run.stderr}`);
    return (performance.now() - started) / 1000;
  };
  const editedThen = (change: (text: string) => string, command: string, commandArgs: string[]) => {
    writeFileSync(ontology, change(readFileSync(ontology, 'utf8')));
    return timed(command, commandArgs);
  };
  const launcher = 'generator/cli/build.ts';
  // Untimed: the update that starts the server.
  editedThen(undo, process.execPath, [launcher, ...args]);
  const sockets = join(work, `folio-static-api-${process.getuid?.() ?? 0}`);
  for (let waited = 0; !(existsSync(sockets) && readdirSync(sockets).some((name) => name.endsWith('.sock'))); waited += 50) {
    if (waited > 20_000) throw new Error('the build server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The server first rehearses an update (about a second here); a user's next edit takes longer than that.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const byHand = [edit, undo, edit].map((change) => editedThen(change, process.execPath, [launcher, ...args]));
  const npm = [undo, edit, undo].map((change) => editedThen(change, 'npm', ['run', '-s', 'build', '--', ...args]));
  const stopped = spawnSync(process.execPath, [launcher, '--stop-server'], { env, encoding: 'utf8' }).stdout;
  const served = Number(/(\d+) build\(s\) served/.exec(stopped)?.[1] ?? -1);
  if (served !== byHand.length + npm.length) throw new Error(`the build server served ${served} of the ${byHand.length + npm.length} rebuilds: ${stopped}`);
  return { byHand, npm };
}
