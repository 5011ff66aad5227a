import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.ts';

// The builds the tests run stay in their own processes: a build server (generator/cli/build-server.ts) outliving the
// run would hold its memory, and test/build-server.test.ts starts and stops the ones it tests itself.
process.env.FOLIO_BUILD_SERVER = '0';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The run's scratch folders in one folder of its own, in memory where there is room (test/support/run-scratch.ts);
    // then the builds and servers several files read, made once per run in this process (test/support/shared-fixtures.ts).
    globalSetup: ['test/support/run-scratch.ts', 'test/support/fixture-host.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Files run side by side, two at a time: servers listen on free ports, builds go to folders of their own. Threads
    // rather than processes: a thread starts faster and reuses the memory its process already has, where each new
    // process faults in fresh memory (the whole run 491 s and 921 s of CPU against 515 s and 967 s).
    pool: 'threads',
    // A worker runs file after file: Vitest still evaluates each file's modules afresh (a file's vi.mock holds even
    // when an earlier file in the worker loaded the real module), but V8 keeps what it has compiled, where a fresh
    // worker per file compiles and warms the generator up again (the tests of a fresh clone 235 s and 398 s of CPU
    // against 266 s and 455 s isolated).
    isolate: false,
    fileParallelism: true,
    // One a core: on 2 cores, a third worker cost more than it overlapped (CI 5 min 50 s and 9 min 50 s of CPU with
    // three, 4 min 28 s and 7 min 28 s with two, the same tests).
    maxWorkers: 2,
    // The longest files first, by test/durations.json (a long file started last would decide when the run ends).
    sequence: { sequencer: SlowFirstSequencer },
    // The JSON report is what CI counts; the default reporter is for people.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
