// Updates in place equal full builds, on FOLIO-shaped input spread over three files (the main RDF/XML file, a
// second RDF/XML file and a Turtle file adding to its subjects), every step editing any of them: every kind
// of edit, warnings included (see test/support/equality-chain.ts).
import { folioShapedFolder } from './support/chain-inputs.ts';
import { OWL_EDITS } from './support/edits/tables.ts';
import { CHAIN_WARNINGS, describeChain } from './support/equality-chain.ts';

describeChain('updates in place equal full builds: FOLIO-shaped input', {
  name: 'FOLIO-shaped input of 300 classes in three files',
  folder: () => folioShapedFolder({ classes: 300, properties: 30, seed: 7 }),
  host: 'rewriting',
  steps: 40,
  // About 400 blocks: past twenty changed (5 %), a build would be a full one.
  edits: 6,
  seed: 3,
  table: OWL_EDITS,
  updates: 0.9,
  warns: CHAIN_WARNINGS,
});
