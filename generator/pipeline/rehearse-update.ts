import type { PreviousReading } from '../write/build-cache.ts';
import { loadModel, type ModelOptions } from './load-model.ts';
import { planUpdate } from './plan-update.ts';
import { SILENT } from './progress.ts';
import { updateBuild } from './update-build.ts';

// What the rehearsal gives as the hash of a large file an update writes aside: it writes none, and its result is let go.
const NOT_WRITTEN = 'rehearsal';

/**
 * An update of the previous build worked out in memory and let go, writing nothing, so that a fresh build server has
 * run (and V8 has compiled and optimised) an update's code before its first build (see cli/build-server.ts). Where the
 * previous build could not be updated (its cache missing, or more than an update's share of the ontology changed),
 * nothing is rehearsed: a full build is not worth its memory here.
 */
export async function rehearseUpdate(options: ModelOptions, reading: PreviousReading): Promise<void> {
  const loaded = await loadModel(options, SILENT, reading.load);
  const previous = await reading.build;
  const cache = previous?.cache;
  const plan = cache && planUpdate(loaded.blocks, cache, loaded.model, loaded.router.host);
  if (!previous || !cache || !plan) return;
  await updateBuild(loaded, SILENT, { ...previous, cache }, plan, undefined, async (files) => files.map((file) => [file.path, NOT_WRITTEN]));
}
