// The randomized proof that an update in place writes exactly what a full build writes: a chain of seeded
// random edits to an ontology folder, each step built as an update of the previous step's output, then
// compared file by file (changes.json included) with what `--full` writes over the same previous output,
// and its warnings with the full build's. An update that fails (update-failed) fails the chain.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../bench/folio-shaped/rng.ts';
import { resolveOptions } from '../../generator/config/options.ts';
import { buildApiFolder } from '../../generator/pipeline/build-api-folder.ts';
import { SILENT } from '../../generator/pipeline/progress.ts';
import type { HostName } from '../../generator/route/paths.ts';
import { MANIFEST_FILE } from '../../generator/route/router.ts';
import { EditDeck, type EditTable } from './edits/edit-kit.ts';
import type { OntologyFolder } from './edits/ontology-folder.ts';
import { fullBuildOver, OutputReader } from './full-build-output.ts';

export interface Chain {
  name: string;
  /** The ontology folder at the start; the edits change it in place. */
  folder: () => OntologyFolder;
  host: HostName;
  steps: number;
  /** Edits per step, at most: past 5% of the blocks changed, a build is a full one by design. */
  edits: number;
  seed: number;
  table: EditTable;
  /** Share of the steps that must be updates (the others were full builds by design: a large edit). */
  updates: number;
  /** Warnings (by name, e.g. `site-path`) some step must have raised: the edits meant to raise them did. */
  warns?: string[];
}

/** The warnings an edit table's edits are meant to raise, each in some step of every chain. */
export const CHAIN_WARNINGS = ['unsafe-id', 'case-collision', 'site-path', 'missing-label', 'duplicate-definition'];

/**
 * A test file's one test: the chain, in a scratch folder of its own. A file per chain, so that Vitest runs the
 * chains side by side (each is among the longest files of the suite).
 */
export function describeChain(title: string, chain: Chain): void {
  const scratch = mkdtempSync(join(tmpdir(), 'update-equality-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  describe(title, () => {
    it(`${chain.steps} steps of random edits to ${chain.name}`, () => runChain(chain, scratch), 600_000);
  });
}

/** Runs the chain in a folder of its own under `scratch`; fails on the first step whose output differs. */
export async function runChain(chain: Chain, scratch: string): Promise<void> {
  const root = mkdtempSync(join(scratch, 'chain-'));
  const source = join(root, 'ontology');
  mkdirSync(source);
  const folder = chain.folder();
  folder.writeTo(source);
  const out = join(root, 'dist');
  const options = resolveOptions({ ontology: source, out, baseUrl: 'https://site.example/', baseIri: folder.baseIri, host: chain.host, apiOnly: true }, {});
  await buildApiFolder(options, options, SILENT);
  const reader = new OutputReader(out);
  let before = reader.read();
  const deck = new EditDeck(chain.table, new Rng(chain.seed));
  const applied = new Map<string, number>();
  const warned = new Set<string>();
  let updates = 0;
  for (let step = 0; step < chain.steps; step += 1) {
    const edits = deck.deal(folder, chain.edits);
    for (const { name } of edits) applied.set(name, (applied.get(name) ?? 0) + 1);
    folder.writeTo(source);
    const summary = await buildApiFolder(options, options, SILENT);
    const updated = summary.written.updated !== undefined;
    if (updated) updates += 1;
    const context = `${chain.name}, step ${step} (${updated ? 'update' : 'full build'}) after ${edits.map(({ name, done }) => `${name}: ${done}`).join('; ')}`;
    expect(
      summary.warnings.filter((warning) => warning.startsWith('update-failed')),
      context,
    ).toEqual([]);
    const after = reader.read();
    const full = await fullBuildOver(options, before.get(MANIFEST_FILE));
    expect(differences(after, full.files).slice(0, 10), context).toEqual([]);
    expect(summary.warnings, context).toEqual(full.warnings);
    for (const warning of summary.warnings) warned.add(warning.slice(0, warning.indexOf(':')));
    before = after;
  }
  // Most steps are updates, so it is the update that is compared; every kind of edit was made, every warning meant raised.
  expect(updates, `${chain.name}: updates among ${chain.steps} steps`).toBeGreaterThanOrEqual(Math.ceil(chain.steps * chain.updates));
  expect(
    Object.keys(chain.table).filter((name) => !applied.has(name)),
    `${chain.name}: edits never made`,
  ).toEqual([]);
  expect(
    (chain.warns ?? []).filter((warning) => !warned.has(warning)),
    `${chain.name}: warnings never raised`,
  ).toEqual([]);
  rmSync(root, { recursive: true, force: true });
}

function differences(actual: Map<string, string>, expected: Map<string, string>): string[] {
  const paths = [...new Set([...actual.keys(), ...expected.keys()])].sort();
  return paths.flatMap((path) => {
    if (!actual.has(path)) return [`missing ${path}`];
    if (!expected.has(path)) return [`extra ${path}`];
    return actual.get(path) === expected.get(path) ? [] : [`different ${path}: ${firstDifference(actual.get(path) ?? '', expected.get(path) ?? '')}`];
  });
}

/** Where two texts part: the line and column, and a little of each from a few characters before. */
function firstDifference(actual: string, expected: string): string {
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at += 1;
  const line = actual.slice(0, at).split('\n').length;
  const from = Math.max(0, at - 40);
  return `at line ${line}, character ${at}: ${JSON.stringify(actual.slice(from, at + 160))}, a full build writes ${JSON.stringify(expected.slice(from, at + 160))}`;
}
