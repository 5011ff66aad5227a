import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuild } from './support/run-cli.ts';
import { PROV_O } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'vocabularies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Public vocabularies as packages on the npm registry ship them, built with no option but the file.
describe('W3C PROV-O, N-Quads from the npm registry (@vocabulary/prov)', () => {
  it('builds under the namespace of its terms, publishing its four pairs of ids that differ only by case', async () => {
    const out = join(scratch, 'prov');
    const result = await runBuild(['--ontology', PROV_O, '--api-only', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^model: \d+ classes, \d+ object properties under http:\/\/www\.w3\.org\/ns\/prov#$/m);
    expect([...result.stdout.matchAll(/^ {2}warning: case-collision: "(\w+)" and "(\w+)"/gm)].map(([, a, b]) => `${a}/${b}`)).toEqual(['Activity/activity', 'Agent/agent', 'Dictionary/dictionary', 'Entity/entity']);
    const record = (id: string) => JSON.parse(readFileSync(join(out, id), 'utf8')) as { iri: string; label: string };
    expect(record('Agent')).toMatchObject({ iri: 'http://www.w3.org/ns/prov#Agent', label: 'Agent' });
    expect(record('agent')).toMatchObject({ iri: 'http://www.w3.org/ns/prov#agent', label: 'agent' });
  });
});
