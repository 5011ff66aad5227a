// Worker thread entry for load-memory.test.ts: loads a generated ontology, then writes a heap snapshot at once,
// in the same task, as the build goes on to its next stage.
import { parentPort, workerData } from 'node:worker_threads';
import { writeHeapSnapshot } from 'node:v8';
import { generateFolioShaped } from '../../bench/folio-shaped/generate.ts';
import { parseSources } from '../../generator/load/load-ontology.ts';

const { classes, snapshot } = workerData as { classes: number; snapshot: string };
const { loaded, documentLength } = await load();
writeHeapSnapshot(snapshot);
parentPort?.postMessage({ documentLength, labels: loaded.quads.filter((quad) => quad.object.termType === 'Literal').length });

// The document is held only here, so what the snapshot finds of it is what loading kept.
async function load() {
  const text = generateFolioShaped({ classes, properties: 20, seed: 5 });
  return { loaded: await parseSources([{ name: 'shaped.owl', baseIRI: 'file:///shaped.owl', format: 'rdfxml', text }]), documentLength: text.length };
}
