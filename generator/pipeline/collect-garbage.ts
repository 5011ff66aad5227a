import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for the command line between stages: V8 otherwise lets the heap grow to
 * several times what is live (measured on full-scale input: 1,070 MB peak RSS with about 200 MB live
 * after the search stage), and the build's budget is on peak memory.
 */
export function collectGarbage(): void {
  collect();
}

// The collector is reachable only with --expose-gc; a new context set up after the flag sees it. The flag is
// then unset: V8 takes code kept from an earlier run only under the flags it was made with (cli/command-script.js).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
setFlagsFromString('--no-expose-gc');
