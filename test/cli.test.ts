import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateApi } from '../generator/generate-api.ts';
import { folderHashes } from './support/folder-state.ts';
import { runBuild } from './support/run-cli.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

const GOOD_HEADER =
  '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">\n';

// Each bad input must end the build with status 1 and one line naming the file, line and column.
describe('bad input ends the build with one clear line', () => {
  it.each([
    [
      'malformed XML',
      'broken.owl',
      `${GOOD_HEADER}<owl:Ontology rdf:about="https://x.example/"/>\n<owl:Class rdf:about="https://x.example/A">\n<rdfs:label>A</rdfs:labl>\n</owl:Class>\n</rdf:RDF>\n`,
      /^error: .*broken\.owl:5:\d+: malformed RDF\/XML: .+/,
    ],
    [
      'Turtle syntax error',
      'broken.ttl',
      '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<https://x.example/> a owl:Ontology .\n<https://x.example/A> a owl:Class ;\n  <http://www.w3.org/2000/01/rdf-schema#label> "A" "B" .\n',
      /^error: .*broken\.ttl:4:\d+: Turtle syntax error: .+/,
    ],
    [
      'N-Triples syntax error',
      'broken.nt',
      '<https://x.example/A> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2002/07/owl#Class> .\n<https://x.example/B> <https://x.example/p> .\n',
      /^error: .*broken\.nt:2:\d+: N-Triples syntax error: .+/,
    ],
    [
      'truncated file',
      'truncated.owl',
      `${GOOD_HEADER}<owl:Ontology rdf:about="https://x.example/"/>\n<owl:Class rdf:about="https://x.example/A">\n<rdfs:label>A</rdfs:label>\n`,
      /^error: .*truncated\.owl:\d+:\d+: malformed RDF\/XML: unclosed tag: owl:Class — /,
    ],
    ['empty file', 'empty.owl', '', /^error: .*empty\.owl:1:1: malformed RDF\/XML: document must contain a root element/],
    [
      'no entities under the base IRI',
      'bare.owl',
      `${GOOD_HEADER}<owl:Ontology rdf:about="https://x.example/"/>\n</rdf:RDF>\n`,
      /^error: no owl:Class, rdfs:Class, skos:Concept, owl:ObjectProperty, owl:DatatypeProperty, owl:AnnotationProperty or rdf:Property under https:\/\/x\.example\/ — /,
    ],
    [
      'neither a term nor an owl:Ontology to take the base IRI from',
      'anonymous.owl',
      `${GOOD_HEADER}<rdf:Description rdf:about="https://x.example/A"/>\n</rdf:RDF>\n`,
      /^error: no owl:Class, rdfs:Class, skos:Concept, owl:ObjectProperty, owl:DatatypeProperty, owl:AnnotationProperty or rdf:Property and no owl:Ontology declared, so the base IRI is unknown — pass --base-iri/,
    ],
    ['unknown file type', 'notes.txt', 'hello', /^error: unknown ontology file type: .*notes\.txt — use \.owl/],
  ])('%s', async (_, name, text, expected) => {
    const result = await runBuild(['--ontology', write(name, text), '--out', join(scratch, 'never'), '--api-only']);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('missing ontology path', async () => {
    const result = await runBuild(['--ontology', join(scratch, 'nowhere'), '--api-only']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^error: ontology not found: .*nowhere — pass --ontology/);
  });

  it('bad option value and unknown option', async () => {
    const bad = await runBuild(['--base-url', 'ftp://x', '--api-only']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n').at(-1)).toBe('error: option baseUrl must start with http:// or https:// (got "ftp://x")');
    const unknown = await runBuild(['--colour']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/^error: Unknown option '--colour'.*--help/);
  });
});

describe('command line', () => {
  it('--help lists every option', async () => {
    const result = await runBuild(['--help']);
    expect(result.code).toBe(0);
    for (const option of ['--ontology', '--out', '--base-url', '--base-iri', '--api-only']) expect(result.stdout).toContain(option);
  });

  it('prints a summary: entities by kind, files and bytes, warnings, time', async () => {
    const files = (await generateApi({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'http://localhost:4321/' })).files.length;
    const result = await runBuild(['--out', join(scratch, 'summary'), '--api-only']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^built 52 classes, 6 object properties from 2 source\(s\), \d+ triples$/m);
    expect(result.stdout).toMatch(new RegExp(`^wrote ${files} API files, [\\d.]+ (kB|MB), into `, 'm'));
    expect(result.stdout).toMatch(/^search index: \d+ index files, [\d.]+ kB \(at most [\d.]+ kB gzipped\), every file within 16 kB gzipped$/m);
    expect(result.stdout).toMatch(/^0 warning\(s\)$/m);
    expect(result.stdout).toMatch(/^done in [\d.]+ s$/m);
    expect(result.stderr).toMatch(/^load: 2 source\(s\)/m);
  });

  it('same input, same bytes: two full builds are identical file for file', async () => {
    const first = join(scratch, 'first');
    const second = join(scratch, 'second');
    expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', first])).code).toBe(0);
    expect((await runBuild(['--ontology', SAMPLE_ONTOLOGY, '--out', second])).code).toBe(0);
    const a = folderHashes(first);
    expect(a.size).toBeGreaterThan(236);
    expect(folderHashes(second)).toEqual(a);
  });

  it('builds one ontology for two deployments on different base addresses', async () => {
    const root = join(scratch, 'root');
    const project = join(scratch, 'project');
    expect((await runBuild(['--out', root, '--base-url', 'https://api.example.org/'])).code).toBe(0);
    expect((await runBuild(['--out', project, '--base-url', 'https://example.github.io/folio-api/'])).code).toBe(0);
    expect(readFileSync(join(root, '_redirects'), 'utf8')).toMatch(/^\/:id\/jsonld \/_api\/:id\.jsonld 200$/m);
    expect(readFileSync(join(project, '_redirects'), 'utf8')).toMatch(/^\/folio-api\/:id\/jsonld \/folio-api\/_api\/:id\.jsonld 200$/m);
    expect(readFileSync(join(project, 'index.html'), 'utf8')).toContain('<code>/folio-api/&#123;id&#125;/jsonld</code>');
    const rootFiles = folderHashes(root);
    const projectFiles = folderHashes(project);
    const entityFiles = [...rootFiles.keys()].filter((file) => /^R\w+$|^_api\//.test(file));
    expect(entityFiles.length).toBe(348);
    for (const file of entityFiles) expect(projectFiles.get(file), file).toBe(rootFiles.get(file));
  });
});
