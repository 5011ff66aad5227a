import { resolve } from 'node:path';
import type { BuildOptions } from '../config/options.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import type { StageTiming } from '../pipeline/progress.ts';
import { describeChanges } from '../changes/manifest.ts';
import { describeSearchIndex, formatBytes } from '../report/describe.ts';

/** The summary a build prints on stdout: what was built and written, the index, the changes, the stages, the warnings. */
export function summaryLines(options: BuildOptions, api: ApiSummary, siteLines: string[] = []): string[] {
  return [
    `built ${api.kinds} from ${api.sources.length} source(s), ${api.triples} triples`,
    describeWritten(options, api),
    `search index: ${describeSearchIndex(api.search)}`,
    describeChanges(api.changes),
    ...siteLines,
    `stages: ${describeTimings(api.timings)}`,
    `${api.warnings.length} warning(s)${api.warnings.map((warning) => `\n  warning: ${warning}`).join('')}`,
  ];
}

export function describeWritten(options: BuildOptions, { written }: ApiSummary): string {
  const { updated } = written;
  if (updated)
    return `updated ${resolve(options.out)} in place: ${updated.rewritten} file(s) rewritten, ${updated.removed} removed, ${updated.files - updated.rewritten} unchanged`;
  const kept = written.linked === undefined ? '' : ` (${written.linked} unchanged, kept from the previous build)`;
  return `wrote ${written.files} API files, ${formatBytes(written.bytes)}, into ${resolve(options.out)}${kept}`;
}

export function describeTimings(timings: readonly StageTiming[]): string {
  return timings.map((timing) => `${timing.stage} ${seconds(timing.ms)}`).join(', ');
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
