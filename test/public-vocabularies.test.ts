// Public vocabularies from the npm registry, built and served end to end (see support/vocabulary-suite.ts);
// CIDOC CRM and DBpedia, the largest, run beside these in public-vocabularies-large.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuild } from './support/run-cli.ts';
import { PROV_O } from './support/shared-data.ts';
import { describeVocabulary, VOCABULARIES } from './support/vocabulary-suite.ts';

const scratch = mkdtempSync(join(tmpdir(), 'vocabularies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const vocabulary of [VOCABULARIES.prov, VOCABULARIES.foaf, VOCABULARIES.org, VOCABULARIES.dcterms]) describeVocabulary(vocabulary);

describe('W3C PROV-O with no option but the file', () => {
  it('builds under the namespace of its terms, publishing its four pairs of ids that differ only by case', async () => {
    const out = join(scratch, 'prov-plain');
    const result = await runBuild(['--ontology', PROV_O, '--api-only', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^model: 50 classes, 59 object properties, 9 datatype properties, 15 annotation properties under http:\/\/www\.w3\.org\/ns\/prov#$/m,
    );
    // One warning for them all, naming each pair.
    const warning = /^ {2}warning: case-collision: 4 group\(s\) of ids differ only by letter case: (.*?); each is published/m.exec(result.stdout)?.[1] ?? '';
    expect([...warning.matchAll(/"(\w+)" and "(\w+)"/g)].map(([, a, b]) => `${a}/${b}`)).toEqual([
      'Activity/activity',
      'Agent/agent',
      'Dictionary/dictionary',
      'Entity/entity',
    ]);
    const record = (id: string) => JSON.parse(readFileSync(join(out, id), 'utf8')) as { iri: string; label: string };
    expect(record('Agent')).toMatchObject({ iri: 'http://www.w3.org/ns/prov#Agent', label: 'Agent' });
    expect(record('agent')).toMatchObject({ iri: 'http://www.w3.org/ns/prov#agent', label: 'agent' });
  });
});
