// A build server whose "build" only reports what it sees (test/build-server.test.ts): its folder, one variable of its
// environment and its command line. `wait` takes a second, `fail` ends with status 3, `decline` is declined, and
// after `full` the server gives way to another (here it leaves `{socket}.renewed` instead of starting one). Given a
// third argument, it first rehearses for 800 ms, and a build says whether it ran before that ended.
import { writeFileSync } from 'node:fs';
import { BuildServer } from '../../generator/cli/build-server.ts';

const [socket, idleMs, rehearsing] = process.argv.slice(2);
let last: string[] = [];
let rehearsed = false;
new BuildServer(
  socket,
  {
    declines: (argv) => (argv[0] === 'decline' ? 'asked to decline' : undefined),
    run: async (argv) => {
      last = argv;
      const early = rehearsing && !rehearsed ? ' before the rehearsal ended' : '';
      process.stdout.write(`ran ${argv.join(' ')} in ${process.cwd()} with ${process.env.FAKE_BUILD ?? 'nothing'}${early}\n`);
      process.stderr.write('a line on stderr\n');
      if (argv[0] === 'wait') await new Promise((resolve) => setTimeout(resolve, 1000));
      process.stdout.write(Buffer.from('bytes as well\n'));
      return argv[0] === 'fail' ? 3 : 0;
    },
    between: () => (last[0] === 'full' ? 'renew' : undefined),
    renew: () => writeFileSync(`${socket}.renewed`, ''),
    ...(rehearsing
      ? {
          rehearse: async () => {
            await new Promise((resolve) => setTimeout(resolve, 800));
            rehearsed = true;
          },
        }
      : {}),
  },
  { idleMs: Number(idleMs) },
).listen();
