import type { PackedManifest } from '../changes/manifest-table.ts';
import type { ModelOptions } from '../pipeline/load-model.ts';
import type { ApiSummary } from '../pipeline/api-summary.ts';
import type { SiteSummary } from '../site/site-model.ts';
import type { OutputFile } from '../emit/emit-api.ts';

export interface ApiWorkerInput {
  options: ModelOptions;
  outDir: string;
  /** The previous build's manifest, to report what changed and keep unchanged files (packed: a class does not cross threads). */
  previous?: PackedManifest;
  /** Where the previous build is. */
  previousOut?: string;
  /**
   * For the whole site: the worker also renders the concept pages from its model, before the API's files, and
   * sends them to the starting thread, which writes them; meanwhile its own writes wait at this WriteGate.
   */
  sitePages?: { writeGate: SharedArrayBuffer };
}

export type ApiWorkerMessage =
  | { type: 'log'; line: string }
  /** What the site's own pages show of the model, as soon as it is built. */
  | { type: 'site'; summary: SiteSummary }
  /** Concept pages to write, as text: the receiving thread, otherwise idle, encodes them. */
  | { type: 'pages'; pages: OutputFile[] }
  | { type: 'pages-done'; renderMs: number }
  | { type: 'done'; summary: ApiSummary }
  | { type: 'failed'; text: string };
