// The tests' worker processes each run dozens of builds in process, allocating and freeing hundreds of megabytes:
// they get malloc tuned as an update gets it (generator/cli/malloc-tunables.js), which glibc reads only as a
// process starts, so from the environment Vitest starts them with. The builds a test starts as a user would
// (support/run-cli.ts) get the user's own tunables back, so that they start Node again as a user's build does.
import { tunablesForUpdate } from '../../generator/cli/malloc-tunables.js';

// Vitest's own variables are not passed on to a user's command (see run-cli.ts): this one starts with VITEST.
const USER_TUNABLES = 'VITEST_USER_GLIBC_TUNABLES';

/** The environment Vitest adds for its worker processes: malloc's tunables, where glibc reads them. */
export function workerTunables(): Record<string, string> {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const tuned = process.platform === 'linux' ? tunablesForUpdate(process.env, report.header?.glibcVersionRuntime) : undefined;
  return tuned === undefined ? {} : { GLIBC_TUNABLES: tuned, [USER_TUNABLES]: process.env.GLIBC_TUNABLES ?? '' };
}

/** `env` with GLIBC_TUNABLES as the user had it before Vitest tuned its workers. */
export function withUserTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const user = env[USER_TUNABLES];
  if (user === undefined) return env;
  const { GLIBC_TUNABLES: _tuned, [USER_TUNABLES]: _user, ...rest } = env;
  return user === '' ? rest : { ...rest, GLIBC_TUNABLES: user };
}
