// Worker thread entry: the whole static API (load → model → emit → search → site → write) beside the main thread;
// for the whole site, the concept pages first, which the main thread writes while Astro builds the site's own pages.
import { parentPort, workerData } from 'node:worker_threads';
import { describeFailure } from '../errors.ts';
import { generateApi, type LoadedModel } from '../generate-api.ts';
import { emitConceptPages } from '../site/concept-pages.ts';
import { siteModel, summarizeSite } from '../site/site-model.ts';
import { addTime, timed } from '../pipeline/progress.ts';
import { writeFiles, type WriteStats } from '../write/write-files.ts';
import { ThreadedWriter } from '../write/threaded-writer.ts';
import { WriteGate } from '../write/write-gate.ts';
import { reusableOutput } from '../write/previous-output.ts';
import { writeBuildCache } from '../write/build-cache.ts';
import { Manifest } from '../changes/manifest-table.ts';
import { summarizeApi } from '../pipeline/api-summary.ts';
import type { ApiWorkerInput, ApiWorkerMessage } from './api-worker-messages.ts';

const post = (message: ApiWorkerMessage): void => parentPort?.postMessage(message);

async function run({ options, outDir, previous: packed, previousOut, sitePages }: ApiWorkerInput): Promise<void> {
  const writeGate = sitePages?.writeGate;
  const previous = packed && Manifest.unpack(packed);
  // Files are written on a thread of their own as they are made, and the index is built on another, as
  // `--api-only` does: writing everything after the build held all 215 MB in memory and added its 2-6 s to the end.
  let writer: ThreadedWriter | undefined;
  const openSink = () => {
    writer = new ThreadedWriter({
      root: outDir,
      previous: previous && previousOut ? { dir: previousOut, before: previous.files } : undefined,
      gate: writeGate,
    });
    return writer;
  };
  try {
    const progress = { log: (line: string) => post({ type: 'log', line }) };
    const build = await generateApi(options, progress, previous ? { manifest: previous } : undefined, openSink, sitePages && sendSitePages);
    let written: WriteStats;
    if (writer) {
      const start = performance.now();
      written = (await writer.finish()).stats;
      addTime(build.timings, 'write', performance.now() - start);
    } else {
      // Bundles are made in memory (each mixes forty entities' files), then written.
      written = await timed(build.timings, 'write', () => {
        if (writeGate) new WriteGate(writeGate).waitOpen();
        return writeFiles(outDir, build.files, reusableOutput(previousOut, previous, build.manifest));
      });
    }
    // For the next build of the API alone; it names the manifest just written, so it is ignored if this build fails.
    if (previousOut) await timed(build.timings, 'cache', () => writeBuildCache(previousOut, build.cache));
    post({ type: 'done', summary: summarizeApi(build, written) });
  } catch (error) {
    await writer?.stop();
    throw error;
  }
}

/**
 * The site's part, on this thread because the model is here: the parse is not done twice. The concept pages go
 * first, as Pagefind waits for them: rendered in about a second, they are written on the starting thread.
 */
function sendSitePages(loaded: LoadedModel): void {
  const start = performance.now();
  const site = siteModel(loaded);
  post({ type: 'site', summary: summarizeSite(site) });
  emitConceptPages(site, (pages) => post({ type: 'pages', pages }));
  post({ type: 'pages-done', renderMs: performance.now() - start });
}

run(workerData as ApiWorkerInput).catch((error: unknown) => post({ type: 'failed', text: describeFailure(error) }));
