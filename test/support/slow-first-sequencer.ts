// Vitest runs files two at a time on two cores: a long file started last decides the run's end, so files run
// longest first, by the durations a whole run recorded (test/durations.json, `npm run test:durations`). On a
// fresh clone Vitest has no timings of its own and starts the largest files first, which put the update-equality
// chains (small files, the longest runs) at the end of CI.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = new URL('../durations.json', import.meta.url);

/** Seconds each test file took, by its path under test/, as the last recorded run measured. */
export function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = recordedDurations();
    // A file no run recorded yet goes first, as Vitest's own order does: it may be a long one.
    const seconds = (spec: TestSpecification) => durations[relative(spec.project.config.root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const ordered = await super.sort(files);
    return ordered
      .map((spec, at) => ({ spec, at, seconds: seconds(spec) }))
      .sort((a, b) => b.seconds - a.seconds || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
