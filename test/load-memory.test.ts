import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'load-memory-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
}

/** The self sizes of the snapshot's strings, largest first. */
function stringSizes(snapshot: HeapSnapshot): number[] {
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const type = fields.indexOf('type');
  const size = fields.indexOf('self_size');
  const sizes: number[] = [];
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    if (types[snapshot.nodes[at + type]] === 'string') sizes.push(snapshot.nodes[at + size]);
  }
  return sizes.sort((a, b) => b - a);
}

describe('what loading keeps', () => {
  // Parsers hand out slices of the document, and one kept slice keeps all of it: on full-scale input, two
  // copies of it were a third of the heap through the whole build.
  it('keeps no copy of the document text once the triples are read', async () => {
    const classes = 2000;
    const snapshot = join(scratch, 'loaded.heapsnapshot');
    const worker = new Worker(new URL('./support/loaded-heap.ts', import.meta.url), { workerData: { classes, snapshot } });
    const [{ documentLength, labels }] = (await once(worker, 'message')) as [{ documentLength: number; labels: number }];
    await worker.terminate();
    expect(labels).toBeGreaterThan(classes);
    const sizes = stringSizes(JSON.parse(readFileSync(snapshot, 'utf8')) as HeapSnapshot);
    // Left, the largest strings are modules' source code (about 140 kB), against a document of 2 million characters.
    expect(documentLength).toBeGreaterThan(2_000_000);
    expect(sizes[0]).toBeLessThan(documentLength / 4);
  });
});
