// Updates in place equal full builds, on a SKOS thesaurus: in RDF/XML (a concept a block) and in Turtle (a
// file per branch, each one block), its hierarchy edited either way (see test/support/equality-chain.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { thesaurusFolder } from './support/chain-inputs.ts';
import { THESAURUS_EDITS } from './support/edits/tables.ts';
import { type Chain, runChain } from './support/equality-chain.ts';

const scratch = mkdtempSync(join(tmpdir(), 'update-equality-thesaurus-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const thesaurus = { table: THESAURUS_EDITS, updates: 0.9, warns: ['unsafe-id', 'case-collision', 'site-path', 'missing-label', 'duplicate-definition'] };
const CHAINS: Chain[] = [
  {
    ...thesaurus,
    name: 'a thesaurus of 240 concepts in RDF/XML',
    folder: () => thesaurusFolder('rdfxml', { concepts: 240, branches: 12, seed: 5 }),
    host: 'rewriting',
    steps: 70,
    edits: 3,
    seed: 4,
  },
  {
    ...thesaurus,
    // 81 files, each one block: two edited (a link flipped onto a concept in another file) stay under 5 %.
    name: 'a thesaurus of 240 concepts in Turtle, a file per branch',
    folder: () => thesaurusFolder('turtle', { concepts: 240, branches: 80, seed: 5 }),
    host: 'github-pages',
    steps: 70,
    edits: 1,
    seed: 6,
  },
];

describe('updates in place equal full builds: a SKOS thesaurus', () => {
  for (const chain of CHAINS) it(`${chain.steps} steps of random edits to ${chain.name}`, () => runChain(chain, scratch), 600_000);
});
