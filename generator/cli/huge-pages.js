// Memory the build asks of the C library (every Buffer: the files read and written, the caches' bytes) in huge
// pages, on Linux with glibc 2.35 or newer. A one-label rebuild touches about 500 MB it has not touched before, and
// on virtual machines that hand out memory slowly each 4 kB page costs the kernel a fault: with the tunable, an
// update made half as many faults and finished 15–25 % sooner (docs/performance.md). glibc reads its tunables
// once, as the process starts, so the build command starts Node again, in place of itself, with the tunable set,
// once it has checked its arguments and only where a previous build's cache says an update is likely (the second
// start costs 0.1–0.15 s, which a first build or a refused input would not win back).

/** glibc's tunable: malloc asks the kernel for transparent huge pages (madvise), where the system allows them. */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb';
// The first glibc that reads it.
const FIRST_GLIBC = [2, 35];

/**
 * GLIBC_TUNABLES with malloc's huge pages added, or undefined where they would not apply: not Linux with a
 * glibc that reads the tunable, or the tunable set already (by the user, who may set it to 0: that is the way out).
 * @param {NodeJS.ProcessEnv} env
 * @param {string | undefined} glibc the running glibc's version ("2.36"), if any
 * @returns {string | undefined}
 */
export function tunablesWithHugePages(env, glibc) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes(HUGE_PAGES_TUNABLE) || !readsTunable(glibc)) return undefined;
  return [tunables, `${HUGE_PAGES_TUNABLE}=1`].filter((part) => part !== '').join(':');
}

/** Replaces this process with the same command, huge pages on, when they apply; otherwise returns. */
export function restartWithHugePages() {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  const report = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (process.report.getReport());
  const tunables = tunablesWithHugePages(process.env, report.header?.glibcVersionRuntime);
  if (tunables === undefined) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, GLIBC_TUNABLES: tunables });
}

/**
 * @param {string | undefined} glibc
 * @returns {boolean}
 */
function readsTunable(glibc) {
  const [major = 0, minor = 0] = (glibc ?? '').split('.').map(Number);
  return major > FIRST_GLIBC[0] || (major === FIRST_GLIBC[0] && minor >= FIRST_GLIBC[1]);
}
