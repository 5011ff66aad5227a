// Updates in place equal full builds, on a SKOS thesaurus in RDF/XML (a concept a block), its hierarchy edited
// either way (see test/support/equality-chain.ts).
import { thesaurusFolder } from './support/chain-inputs.ts';
import { THESAURUS_EDITS } from './support/edits/tables.ts';
import { CHAIN_WARNINGS, describeChain } from './support/equality-chain.ts';

describeChain('updates in place equal full builds: a SKOS thesaurus', {
  name: 'a thesaurus of 240 concepts in RDF/XML',
  folder: () => thesaurusFolder('rdfxml', { concepts: 240, branches: 12, seed: 5 }),
  host: 'rewriting',
  steps: 50,
  edits: 3,
  seed: 4,
  table: THESAURUS_EDITS,
  updates: 0.9,
  warns: CHAIN_WARNINGS,
});
