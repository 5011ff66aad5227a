// The two largest public vocabularies, in a file of their own so they run beside the others (see
// public-vocabularies.test.ts and support/vocabulary-suite.ts).
import { describeVocabulary, VOCABULARIES } from './support/vocabulary-suite.ts';

for (const vocabulary of [VOCABULARIES.crm, VOCABULARIES.dbo]) describeVocabulary(vocabulary);
