// Updates in place equal full builds, on a SKOS thesaurus in Turtle (a file per branch, each one block), its
// hierarchy edited either way (see test/support/equality-chain.ts).
import { thesaurusFolder } from './support/chain-inputs.ts';
import { THESAURUS_EDITS } from './support/edits/tables.ts';
import { CHAIN_WARNINGS, describeChain } from './support/equality-chain.ts';

// 81 files, each one block: two edited (a link flipped onto a concept in another file) stay under 5 %.
describeChain('updates in place equal full builds: a SKOS thesaurus', {
  name: 'a thesaurus of 240 concepts in Turtle, a file per branch',
  folder: () => thesaurusFolder('turtle', { concepts: 240, branches: 80, seed: 5 }),
  host: 'github-pages',
  steps: 50,
  edits: 1,
  seed: 6,
  table: THESAURUS_EDITS,
  updates: 0.9,
  warns: CHAIN_WARNINGS,
});
