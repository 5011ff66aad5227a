// How the C library hands out memory, tuned for an update. A one-label rebuild touches hundreds of megabytes it
// has not touched before, and on virtual machines that hand out memory slowly each fresh 4 kB page costs the
// kernel a fault (3-6 ms a megabyte there). So malloc, which holds every Buffer (the files read and written, the
// caches' bytes), is told to ask for transparent huge pages, and to keep the memory a freed Buffer held for the
// next one rather than give it back to the system and fault it in again (docs/performance.md measures both).
// glibc reads its tunables once, as the process starts, so the build command starts Node again, in place of
// itself, with them set, once it has checked its arguments and only where an update is likely (the second start
// costs 0.1-0.15 s, which a first build or a refused input would not win back). Where the machine hands out fresh
// memory quickly, the tunables cost more than the faults they save (0.1-0.3 s a rebuild, measured), so they are set
// only where a probe finds it slow.

/** glibc's tunable: malloc asks the kernel for transparent huge pages (madvise), where the system allows them. */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb';
// Buffers up to 32 MiB (the most glibc allows on 64 bits) come from malloc's heap rather than a mapping of their
// own that is unmapped when freed; and the heap's free top is not given back, so later Buffers reuse its pages.
const REUSE_TUNABLES = [
  ['glibc.malloc.mmap_threshold', '33554432'],
  ['glibc.malloc.trim_threshold', '4294967295'],
];
// The first glibc that reads the huge pages tunable.
const FIRST_GLIBC = [2, 35];

/**
 * GLIBC_TUNABLES with huge pages and memory reuse added, or undefined where they would not apply: not Linux with
 * a glibc that reads them, or huge pages named already (by the user, who may set glibc.malloc.hugetlb=0: that is
 * the way out). The user's other tunables are kept, and win over ours where they name the same.
 * @param {NodeJS.ProcessEnv} env
 * @param {string | undefined} glibc the running glibc's version ("2.36"), if any
 * @returns {string | undefined}
 */
export function tunablesForUpdate(env, glibc) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes(HUGE_PAGES_TUNABLE) || !readsTunable(glibc)) return undefined;
  const named = new Set(tunables.split(':').map((tunable) => tunable.split('=')[0]));
  const added = REUSE_TUNABLES.filter(([name]) => !named.has(name)).map(([name, value]) => `${name}=${value}`);
  return [tunables, `${HUGE_PAGES_TUNABLE}=1`, ...added].filter((part) => part !== '').join(':');
}

// Below this rate of fresh memory (MB/s) the tunables pay: machines measured at 200-230 MB/s gained 0.2-0.4 s a
// rebuild from them, machines at 1,180-2,400 MB/s lost 0.0-0.3 s.
const SLOW_FRESH_MEMORY = 600;
const PROBE_BYTES = 4 * 2 ** 20;

/**
 * Replaces this process with the same command, Node's options and all, with the tunables set, where fresh memory
 * is slow; returns where it is not (or the tunables would not apply).
 * @param {NodeJS.ProcessEnv} env the environment to start it with (this process's, or more)
 * @param {() => boolean} slow whether fresh memory is slow here (the probe, unless a test decides)
 */
export function restartTunedForUpdate(env = process.env, slow = freshMemoryIsSlow) {
  // Set already (by the user, or by this restart): no need for the probe.
  if (process.platform !== 'linux' || typeof process.execve !== 'function' || env.GLIBC_TUNABLES?.includes(HUGE_PAGES_TUNABLE)) return;
  const restart = updateRestart(env, slow() ? glibcVersion() : undefined);
  if (restart) process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restart);
}

/**
 * The environment an update starts again with, given the glibc whose tunables it would set (undefined where fresh
 * memory is fast, so that none are): undefined where it would start as it is.
 * @param {NodeJS.ProcessEnv} env
 * @param {string | undefined} glibc
 * @returns {NodeJS.ProcessEnv | undefined}
 */
export function updateRestart(env, glibc) {
  const tunables = tunablesForUpdate(env, glibc);
  return tunables === undefined ? undefined : { ...env, GLIBC_TUNABLES: tunables };
}

/** Whether this machine hands out memory not touched before slowly: 4 MB touched once, 3 ms where it is fast. */
function freshMemoryIsSlow() {
  const started = performance.now();
  Buffer.allocUnsafeSlow(PROBE_BYTES).fill(1);
  const seconds = (performance.now() - started) / 1000;
  return PROBE_BYTES / 2 ** 20 / seconds < SLOW_FRESH_MEMORY;
}

/**
 * The running glibc's version ("2.36"), if any, from Node's report.
 * @returns {string | undefined}
 */
function glibcVersion() {
  // Only the header is read: the network part of the report is what takes its time (a setting Node's types lack).
  const settings = /** @type {NodeJS.ProcessReport & { excludeNetwork: boolean }} */ (process.report);
  const { excludeNetwork } = settings;
  settings.excludeNetwork = true;
  const report = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (settings.getReport());
  settings.excludeNetwork = excludeNetwork;
  return report.header?.glibcVersionRuntime;
}

/**
 * @param {string | undefined} glibc
 * @returns {boolean}
 */
function readsTunable(glibc) {
  const [major = 0, minor = 0] = (glibc ?? '').split('.').map(Number);
  return major > FIRST_GLIBC[0] || (major === FIRST_GLIBC[0] && minor >= FIRST_GLIBC[1]);
}
