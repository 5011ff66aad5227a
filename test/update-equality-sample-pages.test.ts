// Updates in place equal full builds, on the repo's sample (an RDF/XML file and a Turtle file adding to it) in
// the GitHub Pages layout: every kind of edit, one a step, warnings included (see test/support/equality-chain.ts).
import { sampleFolder } from './support/chain-inputs.ts';
import { OWL_EDITS } from './support/edits/tables.ts';
import { CHAIN_WARNINGS, describeChain } from './support/equality-chain.ts';

// The sample has 78 blocks, and an edited block counts its old and its new key: past 3 keys (5 %), a build is a full one.
describeChain('updates in place equal full builds: the sample', {
  name: 'the sample, for GitHub Pages',
  folder: sampleFolder,
  host: 'github-pages',
  steps: 45,
  edits: 1,
  seed: 4,
  table: OWL_EDITS,
  updates: 0.9,
  warns: CHAIN_WARNINGS,
});
