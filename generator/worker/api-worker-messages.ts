import type { PackedManifest } from '../changes/manifest-table.ts';
import type { ModelOptions } from '../pipeline/load-model.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';

export interface ApiWorkerInput {
  options: ModelOptions;
  outDir: string;
  /** The previous build's manifest, to report what changed and keep unchanged files (packed: a class does not cross threads). */
  previous?: PackedManifest;
  /** Where the previous build is. */
  previousOut?: string;
  /** A WriteGate the worker waits at before writing its first file (the site's pages are written first). */
  writeGate?: SharedArrayBuffer;
}

export type ApiWorkerMessage = { type: 'log'; line: string } | { type: 'done'; summary: ApiSummary } | { type: 'failed'; text: string };
