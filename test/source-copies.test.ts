// The copies of the files cut into blocks, kept beside the cache (write/source-copies.ts): one per RDF/XML
// file, named by the cache file in place, and an update without its copy still equal to a full build.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserializeSectioned } from '../generator/cache/sectioned-codec.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_VERSION } from '../generator/cache/format.ts';
import type { FileBytes } from '../generator/load/file-bytes.ts';
import { resolveOptions } from '../generator/config/options.ts';
import { buildApiFolder } from '../generator/pipeline/build-api-folder.ts';
import { readPreviousBuild } from '../generator/write/build-cache.ts';
import { cacheFolder } from '../generator/write/cache-folder.ts';
import { SourceCopies, SourceCopyFile } from '../generator/write/source-copies.ts';
import { readSources } from '../generator/load/read-sources.ts';
import { fullBuildContents, outputContents } from './support/full-build-output.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'source-copies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const copiesIn = (out: string) => readdirSync(cacheFolder(out)).filter((name) => name.endsWith('.bytes'));
const namedCopies = (out: string) =>
  (deserializeSectioned(readFileSync(join(cacheFolder(out), `build-cache.v${CACHE_VERSION}`))) as { copies: string[] }).copies;

/** Previous bytes as one buffer, however they are held. */
function whole(bytes: FileBytes): Buffer {
  if (bytes instanceof Uint8Array) return Buffer.from(bytes);
  const target = Buffer.alloc(bytes.length);
  expect(bytes.read(target, 0)).toBe(bytes.length);
  return target;
}

async function build(ontology: string, out: string): Promise<string[]> {
  const lines: string[] = [];
  const options = resolveOptions({ ontology, out, baseUrl: 'https://site.example/', apiOnly: true }, {});
  await buildApiFolder(options, options, { log: (line) => lines.push(line) });
  return lines;
}

describe('the copies of the files cut, beside the cache', () => {
  // The repo's sample: one RDF/XML file and what else its folder holds.
  const ontology = join(scratch, 'ontology');
  cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
  const owl = join(ontology, 'sample.owl');
  const edit = (from: string, to: string) => writeFileSync(owl, readFileSync(owl, 'utf8').replace(from, to));

  it('are one per file cut, the ones the cache file names, the previous ones removed', async () => {
    const out = join(scratch, 'kept');
    await build(ontology, out);
    const first = copiesIn(out);
    expect(first).toHaveLength(1);
    expect(namedCopies(out)).toEqual(first);
    expect(readFileSync(join(cacheFolder(out), first[0]))).toEqual(readFileSync(owl));
    edit('</rdfs:label>', ' (edited)</rdfs:label>');
    const lines = await build(ontology, out);
    expect(lines.some((line) => line.includes('blocks parsed, the rest from the cache'))).toBe(true);
    expect(copiesIn(out)).toEqual(namedCopies(out));
    expect(copiesIn(out)).not.toEqual(first);
    expect(readFileSync(join(cacheFolder(out), copiesIn(out)[0]))).toEqual(readFileSync(owl));
  });

  it("leave no other process's temporary files: what a killed build left half-written goes with the next build", async () => {
    const out = join(scratch, 'temporaries');
    await build(ontology, out);
    // A build killed while it wrote (its pid is not this process's); a name that only looks like one stays.
    const left = [`parsed-blocks.v${CACHE_VERSION}.tmp-1`, 'search-x.memo.tmp-99999999'];
    for (const name of [...left, 'notes.tmp-mine']) writeFileSync(join(cacheFolder(out), name), '');
    edit('</rdfs:label>', ' (temporaries)</rdfs:label>');
    await build(ontology, out);
    const names = readdirSync(cacheFolder(out));
    for (const name of left) expect(names).not.toContain(name);
    expect(names).toContain('notes.tmp-mine');
  });

  it('when missing, leave the file to be cut whole, and the update equal to a full build', async () => {
    const out = join(scratch, 'missing');
    await build(ontology, out);
    for (const name of copiesIn(out)) rmSync(join(cacheFolder(out), name));
    edit('</rdfs:label>', ' (again)</rdfs:label>');
    const lines = await build(ontology, out);
    expect(lines.some((line) => line.includes('blocks parsed, the rest from the cache'))).toBe(true);
    const files = outputContents(out);
    const full = await fullBuildContents({ ontology, baseUrl: 'https://site.example/' });
    expect([...files.keys()].filter((path) => files.get(path) !== full.get(path) && path !== 'changes.json')).toEqual([]);
    expect(copiesIn(out)).toHaveLength(1);
  });

  it('read back a stretch at a time, and read short once gone or cut short (what they no longer hold compares as changed)', () => {
    const path = join(scratch, 'copy.bytes');
    writeFileSync(path, 'abcdefgh');
    const copy = new SourceCopyFile(scratch, 'copy.bytes');
    const target = Buffer.alloc(4);
    expect([copy.length, copy.read(target, 2), target.toString()]).toEqual([8, 4, 'cdef']);
    truncateSync(path, 5);
    expect([copy.read(target, 2), target.subarray(0, 3).toString()]).toEqual([3, 'cde']);
    rmSync(path);
    expect(copy.read(target, 0)).toBe(0);
  });

  it('are read back only for a build that may cut its files again (not --full, not bundles), as are the previous downloads', async () => {
    const out = join(scratch, 'read');
    await build(ontology, out);
    const read = async (forUpdate: boolean) => {
      const reading = readPreviousBuild(out, { forUpdate });
      return { build: await reading.build, load: await reading.load };
    };
    const forUpdate = await read(true);
    expect(forUpdate.build?.cache?.sourceBytes?.map(whole)).toEqual([readFileSync(owl)]);
    expect(forUpdate.build?.downloads?.size).toBe(4);
    // What loading the ontology again takes from it: the blocks, and the cut with the file's bytes, read a stretch at a time.
    expect(forUpdate.load?.cuts.map(({ bytes }) => whole(bytes))).toEqual([readFileSync(owl)]);
    expect(forUpdate.load?.cuts.every(({ bytes }) => !(bytes instanceof Uint8Array))).toBe(true);
    expect(forUpdate.load?.parsed.blocks.size).toBeGreaterThan(10);
    const unread = await read(false);
    expect(unread.build?.cache?.sourceBytes).toEqual([]);
    expect(unread.build?.cache?.cuts).toEqual([]);
    expect(unread.build?.downloads).toBeUndefined();
    expect(unread.load).toBeUndefined();
  });

  it('are made before the files are read, and are what the build reads (an edit while it runs waits for the next)', async () => {
    const folder = join(scratch, 'copied');
    const made: string[] = [];
    // A copier that changes what it copies stands for a file edited right after the copy was made.
    const copier = async (path: string) => {
      const name = `source-${made.length}.bytes`;
      writeFileSync(join(folder, name), readFileSync(path, 'utf8').replace('</rdfs:label>', ' (copied)</rdfs:label>'));
      made.push(path);
      return new SourceCopyFile(folder, name);
    };
    mkdirSync(folder, { recursive: true });
    const [source] = await readSources(owl, undefined, undefined, copier);
    expect(made).toEqual([owl]);
    expect(source.copy?.name).toBe('source-0.bytes');
    expect(source.text).toContain(' (copied)</rdfs:label>');
    expect(source.bytes).toEqual(readFileSync(join(folder, 'source-0.bytes')));
    // Turtle is not cut into blocks: it is read as it is, with no copy.
    const turtle = join(scratch, 'plain.ttl');
    writeFileSync(turtle, '<urn:x:a> <urn:x:b> "c" .\n');
    const [plain] = await readSources(turtle, undefined, undefined, copier);
    expect([made.length, plain.copy, plain.text]).toEqual([1, undefined, '<urn:x:a> <urn:x:b> "c" .\n']);
  });

  it('leave the file read as it is when a copy cannot be made', async () => {
    const [source] = await readSources(owl, undefined, undefined, () => Promise.reject(new Error('no room')));
    expect([source.copy, source.bytes]).toEqual([undefined, readFileSync(owl)]);
  });

  it('of a build that fails are removed, and the cache folder where the build made it', async () => {
    const broken = join(scratch, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(
      join(broken, 'broken.owl'),
      '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n  <rdf:Description rdf:about="urn:x:a">\n</rdf:RDF>\n',
    );
    const fresh = join(scratch, 'refused-first');
    await expect(build(broken, fresh)).rejects.toThrow();
    expect(existsSync(cacheFolder(fresh))).toBe(false);
    // Refused after a build: the cache folder stays as that build left it.
    const out = join(scratch, 'refused-after');
    await build(ontology, out);
    const before = readdirSync(cacheFolder(out)).sort();
    await expect(build(broken, out)).rejects.toThrow();
    expect(readdirSync(cacheFolder(out)).sort()).toEqual(before);
  });

  it('named for a cache keep the copies made beside it, write the bytes given, and refuse a copy lying elsewhere', async () => {
    const here = join(scratch, 'named-here');
    const there = join(scratch, 'named-there');
    for (const folder of [here, there]) mkdirSync(folder, { recursive: true });
    writeFileSync(join(here, 'source-made.bytes'), 'made');
    writeFileSync(join(there, 'source-made.bytes'), 'made');
    const copies = new SourceCopies(here, [new SourceCopyFile(here, 'source-made.bytes'), Buffer.from('written')]);
    await copies.written;
    expect(copies.names[0]).toBe('source-made.bytes');
    expect(readFileSync(join(here, copies.names[1]), 'utf8')).toBe('written');
    expect(() => new SourceCopies(here, [new SourceCopyFile(there, 'source-made.bytes')])).toThrow(/lies elsewhere/);
  });
});
