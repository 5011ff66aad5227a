// How long the command takes from start to exit when it does little: --help, and input it refuses (an unknown
// option, a malformed ontology). The user waits for the whole process, so that is what is timed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_NODE_OPTIONS } from './timed-build.ts';

export interface StartUpTiming {
  what: string;
  /** Wall seconds, process start to exit, of each run. */
  seconds: number[];
  median: number;
}

/** The median of `runs` runs of `npm run build -- …args` as node runs it (package.json's node options), and its exit status. */
export function timeCommand(what: string, args: string[], expectedStatus: number, runs = 5): StartUpTiming {
  const seconds = Array.from({ length: runs }, () => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [...BUILD_NODE_OPTIONS, 'generator/cli/build.ts', ...args], { encoding: 'utf8' });
    if (run.status !== expectedStatus) throw new Error(`${what}: exit status ${run.status}, expected ${expectedStatus}\n${run.stderr}`);
    return (performance.now() - started) / 1000;
  });
  return { what, seconds, median: [...seconds].sort((a, b) => a - b)[Math.floor(runs / 2)] };
}

/** --help, an unknown option and a malformed ontology file, each timed as the user runs them. */
export function timeStartUp(): StartUpTiming[] {
  const work = mkdtempSync(join(tmpdir(), 'bench-start-up-'));
  try {
    const malformed = join(work, 'malformed.owl');
    writeFileSync(malformed, '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<rdf:Description>\n</rdf:RDF>\n');
    return [
      timeCommand('--help', ['--help'], 0),
      timeCommand('an unknown option', ['--colour'], 1),
      timeCommand('a malformed ontology', ['--ontology', malformed, '--out', join(work, 'out'), '--api-only'], 1),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
