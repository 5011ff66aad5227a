import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel } from '../generator/generate-api.ts';
import { UserError } from '../generator/errors.ts';
import { foldsCase } from '../generator/write/case-folding.ts';

const scratch = mkdtempSync(join(tmpdir(), 'case-folding-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ONTOLOGY = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<https://x.example/> a owl:Ontology .
<https://x.example/Agent> a owl:Class ; rdfs:label "Agent" .
<https://x.example/agent> a owl:ObjectProperty ; rdfs:label "agent" .
<https://x.example/Other> a owl:Class ; rdfs:label "Other" .
`;

// Ids that differ only by letter case are two files everywhere but on a file system that folds case.
describe('ids that differ only by letter case', () => {
  const ontology = join(scratch, 'case.ttl');
  writeFileSync(ontology, ONTOLOGY);

  it("the probe finds this machine's temporary folder case-sensitive, and leaves nothing behind", () => {
    const folder = mkdtempSync(join(scratch, 'probe-'));
    expect(foldsCase(folder)).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('are published, with a warning, into a case-sensitive output', async () => {
    const { model } = await loadModel({ ontology, baseUrl: 'https://site.example/' });
    expect(model.caseCollisions).toEqual([['Agent', 'agent']]);
    expect(model.entities.map((entity) => entity.id).sort()).toEqual(['Agent', 'Other', 'agent']);
    expect(model.warnings).toContainEqual(expect.stringMatching(/^case-collision: 1 group\(s\) of ids differ only by letter case: "Agent" and "agent";/));
  });

  it('are refused, before anything is written, when the output folder folds case', async () => {
    const refused = await loadModel({ ontology, baseUrl: 'https://site.example/', caseFoldingOutput: '/Volumes/Site' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as UserError).message).toBe(
      '1 group(s) of ids differ only by letter case ("Agent" and "agent"), and /Volumes/Site is on a file system that ignores case, where each group would be one file',
    );
    expect((refused as UserError).hint).toMatch(/^build into a folder on a case-sensitive file system/);
  });

  it('are no obstacle where the output folds case but no two ids collide', async () => {
    const single = join(scratch, 'single.ttl');
    writeFileSync(single, ONTOLOGY.replace(/^<https:\/\/x\.example\/agent>.*\n/m, ''));
    const { model } = await loadModel({ ontology: single, baseUrl: 'https://site.example/', caseFoldingOutput: '/Volumes/Site' });
    expect(model.caseCollisions).toEqual([]);
  });
});
