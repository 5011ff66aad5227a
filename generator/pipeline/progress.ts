/** How long each stage of a build took; a stage may run in several parts, which add up. */
export interface StageTiming {
  stage: string;
  ms: number;
}

export interface Progress {
  log(line: string): void;
  /** Called now and then during long stages; `done` of `total`. */
  tick?(stage: string, done: number, total: number): void;
  /** Called after a stage whose garbage the next one need not carry (the model of a full build). */
  between?(stage: string): void;
}

export const SILENT: Progress = { log: () => {} };

/** Runs a stage and adds its time to the stage's entry. */
export async function timed<T>(timings: StageTiming[], stage: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  addTime(timings, stage, performance.now() - start);
  return result;
}

// The order a summary lists the stages in, whatever order their parts ran in (the search input is made before emitting).
const STAGE_ORDER = ['load', 'model', 'plan', 'emit', 'search', 'site', 'live', 'downloads', 'manifest', 'cache', 'write'];

export function addTime(timings: StageTiming[], stage: string, ms: number): void {
  const entry = timings.find((timing) => timing.stage === stage);
  if (entry) {
    entry.ms += ms;
    return;
  }
  const rank = (name: string) => (STAGE_ORDER.includes(name) ? STAGE_ORDER.indexOf(name) : STAGE_ORDER.length);
  const before = timings.findIndex((timing) => rank(timing.stage) > rank(stage));
  timings.splice(before === -1 ? timings.length : before, 0, { stage, ms });
}
