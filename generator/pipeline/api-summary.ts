import type { Changes } from '../changes/manifest.ts';
import type { ApiBuild } from '../generate-api.ts';
import type { StageTiming } from './progress.ts';
import { countKinds } from '../model/count-types.ts';
import type { SearchIndexStats } from '../search/build-search-index.ts';
import type { WriteStats } from '../write/write-files.ts';

/** What the build reports about the API once it is written: plain data, so it crosses threads. */
export interface ApiSummary {
  sources: string[];
  triples: number;
  kinds: string;
  search: SearchIndexStats;
  written: WriteStats;
  warnings: string[];
  timings: StageTiming[];
  changes?: Changes;
}

export function summarizeApi(build: ApiBuild, written: WriteStats): ApiSummary {
  return {
    sources: build.sources,
    triples: build.triples,
    kinds: countKinds(build.model),
    search: build.search,
    written,
    warnings: [...build.model.warnings, ...build.warnings, ...build.search.oversized.map((file) => `search-budget: ${file} is over 16 kB gzipped`)],
    timings: build.timings,
    changes: build.changes,
  };
}
