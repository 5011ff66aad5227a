// An update in place is right only if it leaves the output a full build would write: chains of seeded random
// edits, each built as an update of the previous step's output and compared byte for byte with a full build.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFolioShaped, Rng } from '../bench/folio-shaped/generate.ts';
import { resolveOptions } from '../generator/config/options.ts';
import { buildApiFolder } from '../generator/pipeline/build-api-folder.ts';
import type { HostName } from '../generator/route/paths.ts';
import { fullBuildContents, outputContents } from './support/full-build-output.ts';
import { EditableOntology, editAtRandom } from './support/ontology-edits.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'update-equality-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Chain {
  name: string;
  /** The ontology folder's files; `main` is the RDF/XML file the edits change. */
  files: Record<string, string>;
  main: string;
  baseIri: string;
  host: HostName;
  steps: number;
  /** Edits per step, at most: past 5% of the blocks changed, a build is a full one by design. */
  edits: number;
  seed: number;
}

const sampleFiles = {
  'sample.owl': readFileSync(join(SAMPLE_ONTOLOGY, 'sample.owl'), 'utf8'),
  'sample-extra.ttl': readFileSync(join(SAMPLE_ONTOLOGY, 'sample-extra.ttl'), 'utf8'),
};

const CHAINS: Chain[] = [
  {
    name: 'the sample, for hosts that rewrite URLs',
    files: sampleFiles,
    main: 'sample.owl',
    baseIri: 'https://lexicon.example.org/',
    host: 'rewriting',
    steps: 200,
    edits: 2,
    seed: 1,
  },
  {
    name: 'the sample, for GitHub Pages',
    files: sampleFiles,
    main: 'sample.owl',
    baseIri: 'https://lexicon.example.org/',
    host: 'github-pages',
    steps: 80,
    edits: 2,
    seed: 2,
  },
  {
    name: 'FOLIO-shaped input of 1,000 classes',
    files: { 'folio-shaped.owl': generateFolioShaped({ classes: 1000, properties: 30, seed: 7 }) },
    main: 'folio-shaped.owl',
    baseIri: 'https://folio.openlegalstandard.org/',
    host: 'rewriting',
    steps: 60,
    edits: 8,
    seed: 3,
  },
];

function differences(actual: Map<string, string>, expected: Map<string, string>): string[] {
  const paths = [...new Set([...actual.keys(), ...expected.keys()])].sort();
  return paths.flatMap((path) => {
    if (!actual.has(path)) return [`missing ${path}`];
    if (!expected.has(path)) return [`extra ${path}`];
    return actual.get(path) === expected.get(path) ? [] : [`different ${path}: ${firstDifference(actual.get(path) ?? '', expected.get(path) ?? '')}`];
  });
}

/** Where two texts part: the line, as updated and as built in full. */
function firstDifference(actual: string, expected: string): string {
  const [a, b] = [actual.split('\n'), expected.split('\n')];
  const at = a.findIndex((line, index) => line !== b[index]);
  const line = at === -1 ? a.length : at;
  return `line ${line + 1} is ${JSON.stringify(a[line]?.slice(0, 300))}, a full build writes ${JSON.stringify(b[line]?.slice(0, 300))}`;
}

describe('updates in place equal full builds', () => {
  for (const chain of CHAINS) {
    it(`${chain.steps} steps of random edits to ${chain.name}`, async () => {
      const folder = mkdtempSync(join(scratch, 'chain-'));
      const source = join(folder, 'ontology');
      mkdirSync(source);
      for (const [name, text] of Object.entries(chain.files)) writeFileSync(join(source, name), text);
      const out = join(folder, 'dist');
      const options = resolveOptions({ ontology: source, out, baseUrl: 'https://site.example/', host: chain.host, apiOnly: true }, {});
      const silent = { log: () => {} };
      await buildApiFolder(options, options, silent);
      const ontology = new EditableOntology(chain.files[chain.main], chain.baseIri);
      const rng = new Rng(chain.seed);
      let updates = 0;
      for (let step = 0; step < chain.steps; step += 1) {
        const edits = editAtRandom(ontology, rng, chain.edits);
        writeFileSync(join(source, chain.main), ontology.text);
        const summary = await buildApiFolder(options, options, silent);
        if (summary.written.updated) updates += 1;
        const found = differences(outputContents(out), await fullBuildContents(options));
        expect(found.slice(0, 10), `step ${step} (${summary.written.updated ? 'update' : 'full build'}) after ${edits.join('; ')}`).toEqual([]);
      }
      // Most steps are updates, so it is the update that is compared (a full build is compared too when an edit is large).
      expect(updates).toBeGreaterThan(chain.steps * 0.8);
      rmSync(folder, { recursive: true, force: true });
    }, 600_000);
  }
});
