// Updates in place equal full builds, on the repo's sample (an RDF/XML file and a Turtle file adding to it) in
// both layouts: every kind of edit, one a step, warnings included (see test/support/equality-chain.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { sampleFolder } from './support/chain-inputs.ts';
import { OWL_EDITS } from './support/edits/tables.ts';
import { type Chain, runChain } from './support/equality-chain.ts';

const scratch = mkdtempSync(join(tmpdir(), 'update-equality-sample-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The sample has 78 blocks, and an edited block counts its old and its new key: past 3 keys (5 %), a build is a full one.
const sample = { folder: sampleFolder, edits: 1, table: OWL_EDITS, updates: 0.9 };
const WARNS = ['unsafe-id', 'case-collision', 'site-path', 'missing-label', 'duplicate-definition'];
const CHAINS: Chain[] = [
  { ...sample, name: 'the sample, for hosts that rewrite URLs', host: 'rewriting', steps: 100, seed: 1, warns: WARNS },
  { ...sample, name: 'the sample, for GitHub Pages', host: 'github-pages', steps: 60, seed: 2, warns: WARNS },
];

describe('updates in place equal full builds: the sample', () => {
  for (const chain of CHAINS) it(`${chain.steps} steps of random edits to ${chain.name}`, () => runChain(chain, scratch), 600_000);
});
