import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { conceptView } from '../generator/site/concept-view.ts';
import { siteModel } from '../generator/site/site-model.ts';
import { generateApi, loadModel } from '../generator/generate-api.ts';
import { ApiWorkerError } from '../generator/errors.ts';
import { startApiWorker } from '../generator/worker/start-api-worker.ts';
import { emptyFolder } from '../generator/write/write-files.ts';
import { folderHashes, until } from './support/folder-state.ts';
import { runBuild } from './support/run-cli.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { DOWNLOADS } from '../generator/route/paths.ts';

const scratch = mkdtempSync(join(tmpdir(), 'site-build-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the output folder is replaced whole, or not at all', () => {
  const parent = join(scratch, 'swap');
  const out = join(parent, 'site');

  it('a rebuild removes files the new build no longer produces, and leaves no working folders behind', async () => {
    expect((await runBuild(['--out', out, '--api-only'])).code).toBe(0);
    writeFileSync(join(out, 'stale.txt'), 'from an older build');
    // Without the cache the rebuild goes to a fresh folder (an in-place update keeps files it never wrote).
    rmSync(join(parent, '.site.cache'), { recursive: true });
    const rebuilt = await runBuild(['--out', out, '--api-only']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(existsSync(join(out, 'stale.txt'))).toBe(false);
    // Readable by a web server running as another user (the working folder is not made private, as mkdtemp would).
    expect(statSync(out).mode & 0o055).toBe(0o055);
    expect(await until(() => readdirSync(parent).sort().join() === '.site.cache,site'), `left behind: ${readdirSync(parent).join(', ')}`).toBe(true);
  });

  it('a failed build leaves the previous output byte for byte as it was', async () => {
    const before = folderHashes(out);
    const bad = join(scratch, 'bad.ttl');
    writeFileSync(bad, '<https://x.example/A> a <http://www.w3.org/2002/07/owl#Class> ;\n');
    const failed = await runBuild(['--ontology', bad, '--out', out]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^error: .*bad\.ttl:\d+:\d+: Turtle syntax error/m);
    expect(folderHashes(out)).toEqual(before);
    expect(readdirSync(parent).sort()).toEqual(['.site.cache', 'site']);
  });

  it('the next build removes the working folder of a killed build, not that of one still running', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(join(parent, `.site.building-${dead}-0a0b0c0d`, '_api'), { recursive: true });
    mkdirSync(join(parent, `.site.building-${process.pid}-0e0f0a0b`));
    expect((await runBuild(['--out', out, '--api-only'])).code).toBe(0);
    expect(await until(() => !existsSync(join(parent, `.site.building-${dead}-0a0b0c0d`)))).toBe(true);
    expect(existsSync(join(parent, `.site.building-${process.pid}-0e0f0a0b`))).toBe(true);
    rmSync(join(parent, `.site.building-${process.pid}-0e0f0a0b`), { recursive: true });
  });

  it('two whole-site builds at once from one checkout both finish, each with all its pages', async () => {
    // Astro bundled both builds' page code into one folder and the first to finish deleted it (inAstroWorkingFolder).
    const outs = [join(scratch, 'at-once-1'), join(scratch, 'at-once-2')];
    const results = await Promise.all(outs.map((folder) => runBuild(['--out', folder])));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    for (const folder of outs)
      expect(readdirSync(join(folder, '_site/pages')).filter((name) => existsSync(join(folder, '_site/pages', name, 'index.html')))).toHaveLength(58);
  });

  it('runs each Astro build from a working folder of its own inside the package, removed afterwards', () => {
    // One build per process (the working folder is the process's), as the build command runs it: a process of its
    // own, since test files run as threads, which may not change the working folder.
    const module = pathToFileURL(join(REPO_ROOT, 'generator/astro/working-folder.ts')).href;
    const script = `const { inAstroWorkingFolder } = await import(${JSON.stringify(module)});
const before = process.cwd();
const seen = [await inAstroWorkingFolder(async () => process.cwd()), await inAstroWorkingFolder(async () => process.cwd())];
process.stdout.write(JSON.stringify({ before, after: process.cwd(), seen }));`;
    const run = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], { cwd: scratch, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { before, after, seen } = JSON.parse(run.stdout) as { before: string; after: string; seen: string[] };
    expect(after).toBe(before);
    expect(new Set(seen).size).toBe(2);
    for (const folder of seen) {
      expect(folder.startsWith(join(REPO_ROOT, 'node_modules'))).toBe(true);
      expect(existsSync(folder)).toBe(false);
    }
  });

  it('refuses to empty the working folder or a folder above it', () => {
    expect(() => emptyFolder(process.cwd())).toThrow(/refusing to empty .*: it holds the working folder/);
    expect(() => emptyFolder(join(process.cwd(), '..'))).toThrow(/refusing to empty/);
    const folder = join(scratch, 'emptied');
    mkdirSync(join(folder, '.git'), { recursive: true });
    writeFileSync(join(folder, 'old.html'), 'x');
    emptyFolder(folder);
    expect(readdirSync(folder)).toEqual(['.git']);
  });
});

describe('the API worker thread', () => {
  it('writes exactly the files the in-process build produces', async () => {
    const out = join(scratch, 'worker');
    const options = { ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://api.example.org/' };
    const summary = await startApiWorker({ options, outDir: out }, () => {}).finished();
    const build = await generateApi(options);
    const expected = new Map(
      build.files.map((file) => [
        file.path,
        createHash('sha256')
          .update(file.encoded ?? file.contents)
          .digest('hex'),
      ]),
    );
    expect(folderHashes(out)).toEqual(expected);
    expect(summary.written.files).toBe(build.files.length);
    expect(summary.kinds).toBe('52 classes, 6 object properties');
    // The stages cover the whole build, the manifest and the cache's encoding included.
    expect(summary.timings.map((timing) => timing.stage)).toEqual([
      'load',
      'model',
      'emit',
      'search',
      'site',
      'live',
      'downloads',
      'manifest',
      'cache',
      'write',
    ]);
  });

  it('reports a bad ontology as one line, without a stack trace', async () => {
    const bad = join(scratch, 'worker-bad.owl');
    writeFileSync(bad, '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<oops>\n');
    const failure = await startApiWorker({ options: { ontology: bad, baseUrl: 'https://api.example.org/' }, outDir: join(scratch, 'never') }, () => {})
      .finished()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiWorkerError);
    expect((failure as Error).message).toMatch(/^error: .*worker-bad\.owl:\d+:\d+: malformed RDF\/XML/);
    expect((failure as Error).message).not.toMatch(/\n\s+at /);
  });
});

describe('conceptView: what a concept page shows', async () => {
  const site = siteModel(await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://example.github.io/lexicon/' }));
  const view = (id: string) => {
    const entity = site.model.entityById(id);
    if (!entity) throw new Error(`no entity ${id} in the sample`);
    return conceptView(entity, site);
  };

  it('an object property: domain and range link to their pages under the base path; no tree link', () => {
    const drafted = view('R0TLfdHv2W7Pn422kgKx42u');
    expect(drafted.kind).toBe('Object property');
    expect(drafted.branch).toBe('Object properties');
    expect(drafted.treeHref).toBeNull();
    expect(drafted.related.map(({ heading }) => heading)).toEqual(['Sub-property of', 'Domain', 'Range']);
    // owl:topObjectProperty is not published here, so it is shown as its IRI.
    expect(drafted.related[0].links).toEqual([{ text: 'http://www.w3.org/2002/07/owl#topObjectProperty' }]);
    expect(drafted.related[1].links[0].href).toBe('/lexicon/_site/pages/RSNhlUVbMWZc7bs6xkOE0ZO/');
    expect(drafted.downloads.map(({ href, url }) => [href, url])).toEqual([
      ['/lexicon/R0TLfdHv2W7Pn422kgKx42u', '/lexicon/R0TLfdHv2W7Pn422kgKx42u'],
      ['/lexicon/_api/R0TLfdHv2W7Pn422kgKx42u.jsonld', '/lexicon/R0TLfdHv2W7Pn422kgKx42u/jsonld'],
      ['/lexicon/_api/R0TLfdHv2W7Pn422kgKx42u.xml', '/lexicon/R0TLfdHv2W7Pn422kgKx42u/xml'],
      ['/lexicon/_api/R0TLfdHv2W7Pn422kgKx42u.ttl', '/lexicon/R0TLfdHv2W7Pn422kgKx42u/ttl'],
      ['/lexicon/_api/R0TLfdHv2W7Pn422kgKx42u.nt', '/lexicon/R0TLfdHv2W7Pn422kgKx42u/nt'],
      ['/lexicon/_api/R0TLfdHv2W7Pn422kgKx42u.md', '/lexicon/R0TLfdHv2W7Pn422kgKx42u/markdown'],
    ]);
    expect(JSON.parse(drafted.jsonld)['@id']).toBe('https://lexicon.example.org/R0TLfdHv2W7Pn422kgKx42u');
  });

  it('a class: its branch is the top-level class it descends from; children link to their pages', () => {
    const classes = site.model.entities.filter((entity) => entity.kind === 'class');
    const child = classes.find(
      (entity) => 'sub_class_of' in entity.record && entity.record.sub_class_of.some((iri) => site.model.entityByIri(iri) !== undefined),
    );
    if (!child || !('sub_class_of' in child.record)) throw new Error('the sample has no class with a published parent');
    const parent = site.model.entityByIri(child.record.sub_class_of[0]);
    const shown = view(child.id);
    expect(shown.kind).toBe('Class');
    // Each parent with its number of children.
    const siblings = parent && 'parent_class_of' in parent.record ? parent.record.parent_class_of.length : 0;
    expect(shown.related[0]).toEqual({
      heading: 'Parents',
      links: [{ text: parent?.record.label, href: `/lexicon/_site/pages/${parent?.id}/`, count: siblings }],
    });
    expect(shown.treeHref).toBe(`/lexicon/_site/tree/?id=${child.id}`);
    expect(view(parent?.id ?? '').related.find(({ heading }) => heading === 'Children')?.links).toContainEqual({
      text: child.record.label,
      href: `/lexicon/_site/pages/${child.id}/`,
    });
  });
});

describe('changes.json: what moved since the previous build', () => {
  const out = join(scratch, 'changes');
  const ontology = join(scratch, 'changes-ontology');
  const changes = () => JSON.parse(readFileSync(join(out, 'changes.json'), 'utf8')) as Record<string, unknown>;

  it('a first build has nothing to compare with', async () => {
    cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
    const first = await runBuild(['--ontology', ontology, '--out', out, '--api-only']);
    expect(first.stdout).toMatch(/^changes: no previous build to compare with$/m);
    expect(changes()).toEqual({ since_previous_build: false, added: null, removed: null, changed: null });
  });

  it("lists an edited label's entity as changed, a new class as added, a deleted one as removed", async () => {
    const owl = join(ontology, 'sample.owl');
    writeFileSync(owl, readFileSync(owl, 'utf8').replace('<rdfs:label>drafted</rdfs:label>', '<rdfs:label>composed</rdfs:label>'));
    const extra = join(ontology, 'sample-extra.ttl');
    const turtle = readFileSync(extra, 'utf8');
    const removedId = /<https:\/\/lexicon\.example\.org\/(\w+)> rdf:type owl:Class/.exec(turtle)?.[1];
    expect(removedId).toBe('Rpw4QslAEmRHDuKWF3qTI1F');
    writeFileSync(
      join(ontology, 'added.ttl'),
      '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n<https://lexicon.example.org/RAddedInThisBuild> a owl:Class ; rdfs:label "Added" .\n',
    );
    rmSync(extra);
    const second = await runBuild(['--ontology', ontology, '--out', out, '--api-only']);
    expect(second.code, second.stderr).toBe(0);
    const moved = changes();
    expect(moved.added).toEqual(['RAddedInThisBuild']);
    expect(moved.removed).toContain(removedId);
    expect(moved.changed).toContain('R0TLfdHv2W7Pn422kgKx42u');
    expect(second.stdout).toMatch(
      new RegExp(
        `^changes since the previous build: 1 added, ${(moved.removed as string[]).length} removed, ${(moved.changed as string[]).length} changed$`,
        'm',
      ),
    );
  });

  it('the same input again changes nothing', async () => {
    const third = await runBuild(['--ontology', ontology, '--out', out, '--api-only']);
    expect(third.stdout).toMatch(/^changes since the previous build: 0 added, 0 removed, 0 changed$/m);
  });
});

describe('a rebuild keeps the files whose bytes did not change', () => {
  it('links unchanged files from the previous output (same inode) and writes only the changed ones', async () => {
    const out = join(scratch, 'kept');
    const ontology = join(scratch, 'kept-ontology');
    cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
    expect((await runBuild(['--ontology', ontology, '--out', out, '--api-only'])).code).toBe(0);
    const inode = (path: string) => statSync(join(out, path)).ino;
    const untouched = ['R1LKWiXHEbAq3jzYkuDoO1', '_api/R1LKWiXHEbAq3jzYkuDoO1.xml', '_site/tree/_top.json', '_headers'].map(
      (path) => [path, inode(path)] as const,
    );
    const edited = inode('R0TLfdHv2W7Pn422kgKx42u');
    const before = folderHashes(out);
    const inodes = new Map([...before.keys()].map((path) => [path, inode(path)]));
    const owl = join(ontology, 'sample.owl');
    writeFileSync(owl, readFileSync(owl, 'utf8').replace('<rdfs:label>drafted</rdfs:label>', '<rdfs:label>composed</rdfs:label>'));
    // Without the cache the rebuild writes a fresh folder, linking what did not change (test/incremental.test.ts has the in-place update).
    rmSync(join(scratch, '.kept.cache'), { recursive: true });
    const rebuilt = await runBuild(['--ontology', ontology, '--out', out, '--api-only']);
    expect(rebuilt.stdout).toMatch(/^wrote (\d+) API files, .* \((\d+) unchanged, kept from the previous build\)$/m);
    const [, total, kept] = /^wrote (\d+) API files, .* \((\d+) unchanged/m.exec(rebuilt.stdout) ?? [];
    const after = folderHashes(out);
    const rewritten = [...after].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
    for (const [path, hash] of after) if (before.get(path) === hash) expect(inode(path), path).toBe(inodes.get(path));
    expect(Number(total) - Number(kept)).toBe(rewritten.length);
    // The edited entity's own files, the search files its old and new label's words are in, and what lists changes or
    // shows the entity as an example, or lists every object property with its label (the structured queries' file of
    // them, and the entry file that names it by its content), or the connections it makes; and the whole-ontology downloads.
    expect(
      rewritten.filter((path) => !path.includes('R0TLfdHv2W7Pn422kgKx42u') && !path.startsWith('search/')).map((path) => path.replace(/-[0-9a-f]+\.json$/, '')),
    ).toEqual([
      '_build/manifest.json',
      '_live/index.json',
      '_live/query.json',
      '_live/query/properties',
      ...DOWNLOADS.map(({ path }) => path).sort(),
      'changes.json',
      'openapi.json',
      'properties/all',
    ]);
    expect(rewritten.length).toBeLessThan(30);
    for (const [path, before] of untouched) expect(inode(path), path).toBe(before);
    expect(inode('R0TLfdHv2W7Pn422kgKx42u')).not.toBe(edited);
    expect(JSON.parse(readFileSync(join(out, 'R0TLfdHv2W7Pn422kgKx42u'), 'utf8')).label).toBe('composed');
  });
});
