import { dirname } from 'node:path';
import type { BuildOptions } from '../config/options.ts';
import { generateApi } from '../generate-api.ts';
import type { ModelOptions } from './load-model.ts';
import { addTime, timed, type Progress, type StageTiming } from './progress.ts';
import { summarizeApi, type ApiSummary } from './api-summary.ts';
import { writeFiles, type WriteStats } from '../write/write-files.ts';
import { ThreadedWriter } from '../write/threaded-writer.ts';
import { reusableOutput } from '../write/previous-output.ts';
import { writeBuildCache, type BuildCache, type PreviousBuild } from '../write/build-cache.ts';
import { previousReading } from '../write/prepared-reading.ts';
import { cacheFolder } from '../write/cache-folder.ts';
import { SearchMemoFile } from '../write/search-memo-file.ts';
import { removeStaleStaged, StagedFile } from '../write/staged-file.ts';
import { SourceCopies, SourceCopying } from '../write/source-copies.ts';
import { updateInPlace } from '../write/update-in-place.ts';
import { OutputFolder, inFreshFolder, removeBuildLeftovers } from '../write/output-folder.ts';

/**
 * The API alone, written to `options.out`: updated in place when the previous build's cache covers the edit,
 * otherwise written whole into a fresh folder swapped in at the end; the cache for the next build beside it.
 */
export async function buildApiFolder(options: BuildOptions, model: ModelOptions, reporter: Progress): Promise<ApiSummary> {
  // Generated and written by a function of its own, so when the files are made in memory (bundles) they are
  // let go before the cache is serialised: kept alive together, they passed the 1 GB budget.
  const { cache, timings, summary, cacheWritten, previousCache, copies, searchWritten } = await generateAndWriteApi(options, model, reporter);
  await timed(timings, 'cache', () => cacheWritten ?? writeBuildCache(options.out, cache, previousCache, { copied: copies, searchWritten }));
  return summary;
}

interface GeneratedApi {
  cache: BuildCache;
  timings: StageTiming[];
  summary: ApiSummary;
  /** Written while the output is (updated in place, or by the write thread); settles once the cache is in place. */
  cacheWritten?: Promise<void>;
  /** The previous build's cache, whose blocks file the new cache may add to. */
  previousCache?: BuildCache;
  /** The copies of the files cut, begun as soon as they were read. */
  copies?: SourceCopies;
  /** The search memo's file, begun as soon as the index was made. */
  searchWritten?: SearchMemoFile;
}

async function generateAndWriteApi(options: BuildOptions, model: ModelOptions, reporter: Progress): Promise<GeneratedApi> {
  const previousBuild = previousReading(options.out, { forUpdate: !options.full && !options.bundleEntities });
  // A build of the whole API writes into a fresh folder on a thread of its own, while it makes the files.
  let fresh: { folder: OutputFolder; writer: ThreadedWriter } | undefined;
  const openSink = (previous: PreviousBuild | undefined) => {
    const folder = new OutputFolder(options.out);
    fresh = { folder, writer: new ThreadedWriter({ root: folder.staging, previous: previous && { dir: options.out, before: previous.manifest.files } }) };
    return fresh.writer;
  };
  // The files cut are copied beside the cache before they are read (see SourceCopying), and named for the cache once read.
  const copying = new SourceCopying(cacheFolder(options.out));
  let copies: SourceCopies | undefined;
  let cacheWritten: Promise<void> | undefined;
  // The search memo is written as soon as it is made (see SearchMemoFile).
  let searchWritten: SearchMemoFile | undefined;
  // An update's whole-ontology files and manifest.json, written aside and hashed as soon as they are made (see StagedFile).
  const staged: StagedFile[] = [];
  const stagedFolders = new Set<string>();
  try {
    const build = await generateApi(
      { ...model, copySources: copying.copy },
      reporter,
      previousBuild,
      openSink,
      (loaded) => {
        copies = new SourceCopies(
          cacheFolder(options.out),
          loaded.cuts.map(({ bytes }) => bytes),
        );
      },
      (memo) => {
        searchWritten = new SearchMemoFile(cacheFolder(options.out), memo);
      },
      (files) => {
        // A folder's leftovers of an update stopped before renaming, cleared before the first file staged there.
        for (const folder of new Set(files.map((file) => dirname(file.path)))) {
          if (!stagedFolders.has(folder)) removeStaleStaged(options.out, folder);
          stagedFolders.add(folder);
        }
        const made = files.map((file) => new StagedFile(options.out, file));
        staged.push(...made);
        return Promise.all(made.map(async (file): Promise<[string, string]> => [file.path, await file.hash]));
      },
    );
    const previous = await previousBuild.build;
    const { update } = build;
    if (update) removeBuildLeftovers(options.out);
    // Written while the output is (a cache that outlives a failed build names a manifest the output lacks, and is ignored).
    cacheWritten = update
      ? (
          await timed(build.timings, 'cache', () => ({
            written: writeBuildCache(options.out, build.cache, previous?.cache, { copied: copies, searchWritten }),
          }))
        ).written
      : undefined;
    // Awaited by the caller; if updating fails first, that failure is the one reported.
    cacheWritten?.catch(() => {});
    const written = fresh
      ? await finishWriting(fresh, build.timings, reporter)
      : update && previous
        ? await timed(build.timings, 'write', async () => {
            await Promise.all(staged.map((file) => file.written));
            const stats = await updateInPlace(options.out, build.files, previous.manifest, build.manifest, update.removed, staged);
            return { files: stats.files, bytes: 0, linked: stats.files - stats.rewritten, updated: stats };
          })
        : await inFreshFolder(options.out, (staging) =>
            timed(build.timings, 'write', () => writeFiles(staging, build.files, reusableOutput(options.out, previous?.manifest, build.manifest))),
          );
    return {
      cache: build.cache,
      timings: build.timings,
      summary: summarizeApi(build, written),
      cacheWritten,
      previousCache: previous?.cache,
      copies,
      searchWritten,
    };
  } catch (error) {
    if (fresh) {
      await fresh.writer.stop();
      fresh.folder.discard();
    }
    // Nothing of a failed build goes on writing once it has reported (the user may delete the folder at once).
    await Promise.allSettled([copies?.written, searchWritten?.written, cacheWritten, ...staged.map((file) => file.discard())]);
    await copying.discard();
    throw error;
  }
}

/** Waits for the write thread, then swaps the fresh folder in; the wait counts towards the write stage. */
async function finishWriting(
  { folder, writer }: { folder: OutputFolder; writer: ThreadedWriter },
  timings: StageTiming[],
  reporter: Progress,
): Promise<WriteStats> {
  const start = performance.now();
  const { stats, busyMs } = await writer.finish();
  folder.commit();
  addTime(timings, 'write', performance.now() - start);
  reporter.log(
    `write: ${stats.files} files on a thread of their own, ${(busyMs / 1000).toFixed(2)} s alongside the build (the write stage is the wait at its end)`,
  );
  return stats;
}
