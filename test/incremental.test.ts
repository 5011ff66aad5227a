import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveOptions } from '../generator/config/options.ts';
import { fullBuildContents, outputContents } from './support/full-build-output.ts';
import { runBuild } from './support/run-cli.ts';
import { CACHE_VERSION } from '../generator/write/build-cache.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { DOWNLOADS, LIVE_FOLDERS, liveEntityGraphFile, liveTreeNodeFile } from '../generator/route/paths.ts';
import { LIVE_QUERY_ENTRY } from '../generator/search/core/search-core.js';

const scratch = mkdtempSync(join(tmpdir(), 'incremental-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CONTRACT = 'RW9Bt4iTBftiF41HjPIU3ze';
const CONTRACT_PARENT = 'RGoJQq0Q2UBtC5A0MnURrU';
const source = join(scratch, 'ontology');
const sampleOwl = join(source, 'sample.owl');
const out = join(scratch, 'dist');

interface FileState {
  hash: string;
  /** Inode and modification time: what changes when a file is written again. */
  written: string;
}

async function snapshot(folder: string): Promise<Map<string, FileState>> {
  const files = (await fg('**/*', { cwd: folder, dot: true })).sort();
  return new Map(
    files.map((file) => {
      const path = join(folder, file);
      const info = statSync(path);
      return [file, { hash: createHash('sha256').update(readFileSync(path)).digest('hex'), written: `${info.ino}:${info.mtimeMs}` }];
    }),
  );
}

function editSample(from: string, to: string): void {
  const text = readFileSync(sampleOwl, 'utf8');
  expect(text).toContain(from);
  writeFileSync(sampleOwl, text.replace(from, to));
}

async function build(folder: string = out, extra: string[] = []): Promise<string> {
  const result = await runBuild(['--api-only', '--ontology', source, '--out', folder, ...extra]);
  expect(result.stderr).not.toMatch(/^error/m);
  expect(result.code).toBe(0);
  return result.stdout;
}

// The rebuilt folder must equal a full build of the same input, byte for byte (changes.json aside: a first build
// has no previous), made in process as the update-equality test makes it.
async function expectSameAsFullBuild(extra: string[] = []): Promise<void> {
  const host = extra.includes('github-pages') ? 'github-pages' : 'rewriting';
  expect(outputContents(out)).toEqual(await fullBuildContents(resolveOptions({ ontology: source, out, apiOnly: true, host })));
}

// Every test starts from the same first build of the sample: made once, then copied with its cache.
const template = join(scratch, 'template');
beforeAll(async () => {
  cpSync(SAMPLE_ONTOLOGY, source, { recursive: true });
  await build(join(template, 'dist'));
});

describe('rebuilding after an edit', () => {
  beforeEach(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(join(scratch, '.dist.cache'), { recursive: true, force: true });
    cpSync(SAMPLE_ONTOLOGY, source, { recursive: true });
    cpSync(join(template, 'dist'), out, { recursive: true });
    cpSync(join(template, '.dist.cache'), join(scratch, '.dist.cache'), { recursive: true });
  });

  it('rewrites exactly the files whose bytes changed after one label edit, and equals a full build', async () => {
    const before = await snapshot(out);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    const stdout = await build();
    expect(stdout).toMatch(/^updated .* in place: \d+ file\(s\) rewritten, \d+ removed, \d+ unchanged$/m);
    expect(stdout).toMatch(/^changes since the previous build: 0 added, 0 removed, 1 changed$/m);
    const after = await snapshot(out);
    const rewritten = [...after].filter(([path, state]) => before.get(path)?.written !== state.written).map(([path]) => path);
    const differing = [...after].filter(([path, state]) => before.get(path)?.hash !== state.hash).map(([path]) => path);
    expect(rewritten).toEqual(differing);
    const outsideSearch = rewritten.filter((path) => !path.startsWith('search/'));
    expect(outsideSearch).toEqual(
      expect.arrayContaining([
        CONTRACT,
        `_api/${CONTRACT}.jsonld`,
        `_api/${CONTRACT}.xml`,
        `_api/${CONTRACT}.md`,
        `_site/tree/${CONTRACT_PARENT}.json`,
        '_build/manifest.json',
        'changes.json',
      ]),
    );
    // The live service's files that show the label join them: the class's own, its parent's tree node and children
    // list, its children's nodes (which show it as parent), the graphs below it, its branch's walks and the
    // connections it is in; each holds the new label.
    const live = outsideSearch.filter((path) => LIVE_FOLDERS.includes(path.split('/')[0]) || path.startsWith('_live/'));
    expect(live).toEqual(expect.arrayContaining([liveTreeNodeFile(CONTRACT), liveEntityGraphFile(CONTRACT), liveTreeNodeFile(CONTRACT_PARENT)]));
    // The structured queries' entry file names the corpus files by their content: it changes with the label file alone.
    expect(live).toContain(LIVE_QUERY_ENTRY);
    const corpus = live.filter((path) => path.startsWith('_live/query/'));
    expect(corpus.map((path) => path.replace(/-[0-9a-f]+\.json$/, ''))).toEqual(['_live/query/label']);
    for (const path of live.filter((path) => path !== LIVE_QUERY_ENTRY)) expect(readFileSync(join(out, path), 'utf8'), path).toContain('Contract of Sale');
    // The whole-ontology downloads join them, each holding the new label.
    const downloads: string[] = DOWNLOADS.map(({ path }) => path);
    expect(outsideSearch).toEqual(expect.arrayContaining(downloads));
    for (const path of downloads) expect(gunzipSync(readFileSync(join(out, path))).toString('utf8'), path).toContain('Contract of Sale');
    // Only openapi.json may join them: its search example shows the label.
    const others = outsideSearch.filter(
      (path) => !path.includes(CONTRACT) && path !== `_site/tree/${CONTRACT_PARENT}.json` && !live.includes(path) && !downloads.includes(path),
    );
    expect(others.filter((path) => !['_build/manifest.json', 'changes.json', 'openapi.json'].includes(path))).toEqual([]);
    expect(JSON.parse(readFileSync(join(out, 'changes.json'), 'utf8'))).toEqual({ since_previous_build: true, added: [], removed: [], changed: [CONTRACT] });
    // Shards keep their names; content-named files the new index no longer uses are gone (see expectSameAsFullBuild).
    expect((await fg('search/*/', { cwd: out, onlyDirectories: true })).sort()).toEqual(['search/c', 'search/d', 'search/l', 'search/s']);
    await expectSameAsFullBuild();
  });

  it("adds to the cache file after an edit and leaves the parsed blocks' own file as it was", async () => {
    const cacheFiles = () =>
      [`build-cache.v${CACHE_VERSION}`, `parsed-blocks.v${CACHE_VERSION}`].map((name) => {
        const info = statSync(join(scratch, '.dist.cache', name));
        return `${info.ino}:${info.mtimeMs}`;
      });
    const [cacheBefore, blocksBefore] = cacheFiles();
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build()).toMatch(/^updated /m);
    const [cacheAfter, blocksAfter] = cacheFiles();
    expect(cacheAfter).not.toBe(cacheBefore);
    expect(blocksAfter).toBe(blocksBefore);
    // And the next edit is still an update, from the blocks file and both caches' additions.
    editSample('<rdfs:label>Contract of Sale</rdfs:label>', '<rdfs:label>Contract of Lease</rdfs:label>');
    expect(await build()).toMatch(/^updated /m);
    await expectSameAsFullBuild();
  });

  it('adds and removes classes in place', async () => {
    editSample(
      '</rdf:RDF>',
      '<owl:Class rdf:about="https://lexicon.example.org/RNewClassForTheTest1"><rdfs:subClassOf rdf:resource="https://lexicon.example.org/RW9Bt4iTBftiF41HjPIU3ze"/><rdfs:label>Brand New Class</rdfs:label></owl:Class>\n</rdf:RDF>',
    );
    const stdout = await build();
    expect(stdout).toMatch(/^updated .* in place/m);
    expect(stdout).toMatch(/^changes since the previous build: 1 added, 0 removed, 1 changed$/m);
    expect(existsSync(join(out, '_api/RNewClassForTheTest1.jsonld'))).toBe(true);
    await expectSameAsFullBuild();

    editSample(
      '<owl:Class rdf:about="https://lexicon.example.org/RNewClassForTheTest1"><rdfs:subClassOf rdf:resource="https://lexicon.example.org/RW9Bt4iTBftiF41HjPIU3ze"/><rdfs:label>Brand New Class</rdfs:label></owl:Class>',
      '',
    );
    expect(await build()).toMatch(/^changes since the previous build: 0 added, 1 removed, 1 changed$/m);
    expect(existsSync(join(out, '_api/RNewClassForTheTest1.jsonld'))).toBe(false);
    expect(existsSync(join(out, 'RNewClassForTheTest1'))).toBe(false);
    await expectSameAsFullBuild();
  });

  it('makes a download whole again, not from its previous bytes, when they are not what the previous build wrote', async () => {
    const turtle = join(out, DOWNLOADS[1].path);
    // Another gzip of the same length: spliced by the cache's positions, it would give a file no full build writes.
    const before = readFileSync(turtle);
    writeFileSync(turtle, Buffer.concat([gzipSync('# edited by hand\n'), Buffer.alloc(before.length)]).subarray(0, before.length));
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build()).toMatch(/^updated .* in place/m);
    expect(gunzipSync(readFileSync(turtle)).toString('utf8')).toContain('Contract of Sale');
    await expectSameAsFullBuild();
  });

  it('rebuilds in full when the ontology header changes', async () => {
    editSample('<dc:title>Sample Legal Lexicon</dc:title>', '<dc:title>Sample Legal Lexicon, revised</dc:title>');
    expect(await build()).toMatch(/^wrote \d+ API files, .* \(\d+ unchanged, kept from the previous build\)$/m);
    expect(JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8')).info.title).toBe('Sample Legal Lexicon, revised API');
  });

  it('rebuilds in full when static-api.config.json gives another branch table, and updates in place under it', async () => {
    const configured = mkdtempSync(join(scratch, 'configured-'));
    const configure = (branches: unknown) => writeFileSync(join(configured, 'static-api.config.json'), JSON.stringify({ branches }));
    const buildThere = async () => {
      const result = await runBuild(['--api-only', '--ontology', source, '--out', out], configured);
      expect(result.stderr).not.toMatch(/^error/m);
      return result.stdout;
    };
    configure([{ name: 'documents', root: 'RGoJQq0Q2UBtC5A0MnURrU' }]);
    expect(await buildThere()).toMatch(/^wrote \d+ API files/m);
    expect(Object.keys(JSON.parse(readFileSync(join(out, 'taxonomy/branches'), 'utf8')))).toEqual(['documents']);
    configure([{ name: 'laws', segment: 'law', root: 'https://lexicon.example.org/RnqJpYiz3sjH8997M9mjcI' }]);
    expect(await buildThere()).toMatch(/^wrote \d+ API files/m);
    expect(Object.keys(JSON.parse(readFileSync(join(out, 'taxonomy/branches'), 'utf8')))).toEqual(['laws']);
    expect(existsSync(join(out, 'taxonomy/law'))).toBe(true);
    expect(existsSync(join(out, 'taxonomy/documents'))).toBe(false);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await buildThere()).toMatch(/^updated /m);
  });

  it('builds everything again with --full, though the cache covers the edit', async () => {
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    const stdout = await build(out, ['--full']);
    expect(stdout).toMatch(/^wrote \d+ API files, .* \(\d+ unchanged, kept from the previous build\)$/m);
    expect(stdout).toMatch(/^changes since the previous build: 0 added, 0 removed, 1 changed$/m);
    await expectSameAsFullBuild();
    // The cache it writes serves the next edit as an update.
    editSample('<rdfs:label>Contract of Sale</rdfs:label>', '<rdfs:label>Contract of Lease</rdfs:label>');
    expect(await build()).toMatch(/^updated /m);
    await expectSameAsFullBuild();
  });

  it('does not trust an output whose in-place update was cut short', async () => {
    writeFileSync(join(out, '_build/updating'), '');
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build()).toMatch(/^wrote /m);
    expect(existsSync(join(out, '_build/updating'))).toBe(false);
    await expectSameAsFullBuild();
  });

  it('rebuilds in full after a build that bundled the entities (its output has no format files to keep)', async () => {
    const bundled = await runBuild(['--api-only', '--bundle-entities', '--ontology', source, '--out', out]);
    expect(bundled.code, bundled.stderr).toBe(0);
    expect(existsSync(join(out, `_api/${CONTRACT}.jsonld`))).toBe(false);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build()).toMatch(/^wrote /m);
    await expectSameAsFullBuild();
  });

  it("rebuilds in full for another host's layout, then updates that layout in place", async () => {
    const pages = ['--host', 'github-pages'];
    expect(await build(out, pages)).toMatch(/^wrote /m);
    expect(existsSync(join(out, '_api'))).toBe(false);
    const before = await snapshot(out);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build(out, pages)).toMatch(/^updated .* in place/m);
    const rewritten = [...(await snapshot(out))].filter(([path, state]) => before.get(path)?.written !== state.written).map(([path]) => path);
    expect(rewritten).toEqual(expect.arrayContaining([`${CONTRACT}.html`, `${CONTRACT}/jsonld`, `${CONTRACT}/xml`, `${CONTRACT}/markdown`]));
    await expectSameAsFullBuild(pages);
    // And back: the rewriting layout's files are not where the GitHub Pages build left its own.
    expect(await build()).toMatch(/^wrote /m);
    await expectSameAsFullBuild();
  });

  it('ignores a cache written for another state of the output', async () => {
    writeFileSync(join(out, '_build/manifest.json'), `${readFileSync(join(out, '_build/manifest.json'), 'utf8')} `);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract of Sale</rdfs:label>');
    expect(await build()).toMatch(/^wrote /m);
    await expectSameAsFullBuild();
  });

  it("reports a syntax error in an edited block at the file's own line, and leaves the output as it was", async () => {
    const before = await snapshot(out);
    editSample('<rdfs:label>Contract</rdfs:label>', '<rdfs:label>Contract</rdfs:labl>');
    const line =
      readFileSync(sampleOwl, 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('</rdfs:labl>')) + 1;
    const result = await runBuild(['--api-only', '--ontology', source, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: .*sample\\.owl:${line}:\\d+: malformed RDF/XML: `, 'm'));
    expect(await snapshot(out)).toEqual(before);
  });
});

describe('rebuilding after an edit that changes the base IRI', () => {
  const folder = join(scratch, 'tipping');
  const file = join(folder, 'vocabulary.owl');
  const output = join(scratch, 'tipping-out');
  const classes = (namespace: string, count: number) =>
    Array.from(
      { length: count },
      (_, at) => `<owl:Class rdf:about="https://${namespace}.example/${namespace.toUpperCase()}${at}"><rdfs:label>${namespace} ${at}</rdfs:label></owl:Class>`,
    );
  const document = (moved: boolean) => `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">
<owl:Ontology rdf:about="https://vocabulary.example/"/>
${[...classes('a', 50), ...classes('b', 49)].map((block) => (moved && block.includes('https://a.example/A0"') ? block.replace('https://a.example/A0', 'https://b.example/B49') : block)).join('\n')}
</rdf:RDF>
`;

  it('rebuilds in full when one moved class tips which namespace holds most terms', async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, document(false));
    const first = await runBuild(['--api-only', '--ontology', file, '--out', output]);
    expect(first.stderr).toMatch(/under https:\/\/a\.example\/$/m);
    writeFileSync(file, document(true));
    const second = await runBuild(['--api-only', '--ontology', file, '--out', output]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/under https:\/\/b\.example\/$/m);
    expect(second.stdout).toMatch(/^wrote /m);
    const full = join(scratch, 'tipping-full');
    expect((await runBuild(['--api-only', '--ontology', file, '--out', full])).code).toBe(0);
    const hashes = async (at: string) => [...(await snapshot(at))].filter(([path]) => path !== 'changes.json').map(([path, state]) => `${path} ${state.hash}`);
    expect(await hashes(output)).toEqual(await hashes(full));
  });
});
