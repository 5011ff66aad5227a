import type { Quad } from '@rdfjs/types';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBlocks, loadOntology, parseSources, type ParsedBlocks } from '../generator/load/load-ontology.ts';
import { deserializeSectioned, serializeSectioned } from '../generator/cache/sectioned-codec.ts';
import { buildModel, buildModelFromBlocks } from '../generator/model/build-model.ts';
import type { OntologyModel } from '../generator/model/ontology-model.ts';
import { readSources } from '../generator/load/read-sources.ts';
import { splitRdfXml } from '../generator/load/split-rdfxml.ts';
import { blockSource } from '../generator/load/parse-blocks.ts';
import { joinBlocks, splitBlocks } from '../generator/cache/blocks.ts';
import { StringTable } from '../generator/text/string-table.ts';
import { EXCERPT, hasShared, REPO_ROOT, SAMPLE_ONTOLOGY } from './support/shared-data.ts';

const UNUSUAL_LITERALS = join(REPO_ROOT, 'test/fixtures/unusual-literals.ttl');

const ROOT = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">';

describe("splitRdfXml cuts at the root's children", () => {
  it.each([
    [
      'two elements',
      `${ROOT}<rdf:Description rdf:about="a"/><rdf:Description rdf:about="b"><rdfs:label>B</rdfs:label></rdf:Description></rdf:RDF>`,
      ['<rdf:Description rdf:about="a"/>', '<rdf:Description rdf:about="b"><rdfs:label>B</rdfs:label></rdf:Description>'],
    ],
    [
      'comments, a processing instruction and CDATA between and inside',
      `<?xml version="1.0"?>\n<!-- <not:an element> -->\n${ROOT}<!-- </rdf:RDF> --><?pi <x>?><rdf:Description rdf:about="a"><rdfs:label><![CDATA[</rdf:Description>]]></rdfs:label></rdf:Description></rdf:RDF>`,
      ['<rdf:Description rdf:about="a"><rdfs:label><![CDATA[</rdf:Description>]]></rdfs:label></rdf:Description>'],
    ],
    [
      '">" and "/>" inside attribute values',
      `${ROOT}<rdf:Description rdf:about="a>/>b"><rdfs:seeAlso rdf:resource='c/>'/></rdf:Description></rdf:RDF>`,
      ['<rdf:Description rdf:about="a>/>b"><rdfs:seeAlso rdf:resource=\'c/>\'/></rdf:Description>'],
    ],
    [
      'a doctype with entities',
      `<!DOCTYPE rdf:RDF [<!ENTITY x "https://x.example/">]>\n${ROOT}<rdf:Description rdf:about="&x;a"/></rdf:RDF>`,
      ['<rdf:Description rdf:about="&x;a"/>'],
    ],
  ])('%s', (_, text, blocks) => {
    const split = splitRdfXml(text);
    expect(split?.blocks.map(({ start, end }) => text.slice(start, end))).toEqual(blocks);
    expect(split?.head.endsWith(ROOT)).toBe(true);
    expect(split?.tail.startsWith('</rdf:RDF>')).toBe(true);
  });

  it.each([
    [
      'node ids, which tie elements together',
      `${ROOT}<rdf:Description rdf:about="a"><rdfs:seeAlso rdf:nodeID="n"/></rdf:Description><rdf:Description rdf:nodeID="n"/></rdf:RDF>`,
    ],
    ['a root that is not rdf:RDF', '<rdf:Description xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" rdf:about="a"/>'],
    ['a truncated document', `${ROOT}<rdf:Description rdf:about="a">`],
    ['an unclosed attribute value', `${ROOT}<rdf:Description rdf:about="a/></rdf:RDF>`],
    ['an empty root', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>'],
  ])('reads the document whole when it has %s', (_, text) => {
    expect(splitRdfXml(text)).toBeUndefined();
  });
});

// Blank node labels differ by design; the graphs must not.
function triples(quads: readonly Quad[]): string[] {
  const labels = new Map<string, string>();
  const term = (value: Quad['subject'] | Quad['object']) =>
    value.termType === 'BlankNode'
      ? (labels.get(value.value) ?? labels.set(value.value, `_:${labels.size}`).get(value.value))
      : value.termType === 'Literal'
        ? `"${value.value}"@${value.language}^^${value.datatype.value}`
        : value.value;
  return quads.map((quad) => `${term(quad.subject)} ${quad.predicate.value} ${term(quad.object)}`);
}

// The repo's sample, and the real FOLIO excerpt where it lies beside the repo (reported as skipped where not).
const ONTOLOGIES = [
  ['the repo sample', SAMPLE_ONTOLOGY, true],
  ['folio-excerpt.owl', EXCERPT, hasShared],
] as const;
// And a Turtle file (one block) of literals RDF/XML cannot hold, which the cache must give back exactly.
const CACHED_ONTOLOGIES = [...ONTOLOGIES, ['unusual literals', UNUSUAL_LITERALS, true]] as const;

/** Blocks written as the cache files are (the blocks file and the cache's additions) and read back from their bytes. */
function storedAndReadBack(parsed: ParsedBlocks): ParsedBlocks {
  const { file, delta } = splitBlocks(parsed);
  const reread = <T>(value: T) => deserializeSectioned(Buffer.concat(serializeSectioned(value))) as T;
  const joined = file && joinBlocks(reread(file), reread(delta));
  if (!joined) throw new Error('a first write makes a blocks file that joins its delta');
  return joined.parsed;
}

describe('parsing in blocks gives the same triples as parsing whole', () => {
  for (const [name, input, available] of ONTOLOGIES)
    it.skipIf(!available)(`${name}, parsed fresh and restored from the cache`, async () => {
      const sources = await readSources(input);
      const fresh = await parseSources(sources);
      expect(fresh.blocks.length).toBeGreaterThan(sources.length);
      const whole = await parseSources(
        sources.map((source) => ({
          ...source,
          text: source.text.replace('<rdf:RDF', '<!-- no cut --><rdf:RDF').replace(/<\/rdf:RDF>/, '<rdf:Description rdf:nodeID="x"/></rdf:RDF>'),
        })),
      );
      expect(whole.blocks.length).toBe(sources.length);
      expect(triples(fresh.quads)).toEqual(triples(whole.quads));
      const restored = await loadOntology(input, undefined, { parsed: encodeBlocks(fresh.blocks), cuts: [] });
      expect(restored.reused).toBe(fresh.blocks.length);
      expect(restored.quads.map((quad) => `${quad.subject.value} ${quad.predicate.value} ${quad.object.value}`)).toEqual(
        fresh.quads.map((quad) => `${quad.subject.value} ${quad.predicate.value} ${quad.object.value}`),
      );
    });
});

describe('the model from blocks read back from the cache equals the model from the parsed triples', () => {
  for (const [name, input, available] of CACHED_ONTOLOGIES)
    it.skipIf(!available)(`${name}: entities, records, triples, warnings`, async () => {
      const fresh = await loadOntology(input);
      const restored = await loadOntology(input, undefined, { parsed: storedAndReadBack(encodeBlocks(fresh.blocks)), cuts: [] });
      expect(restored.reused).toBe(fresh.blocks.length);
      const view = (model: OntologyModel) => ({
        ...model,
        // A function of the model's, compared by what it answers for every term.
        linked: model.entities.map((entity) => model.linked(entity.iri)),
        classIris: model.classIris(),
        unpublishedClass: model.classIris().map((iri) => model.unpublishedClass(iri)),
        entityByIri: model.entities.every((entity) => model.entityByIri(entity.iri) === entity) && model.entityByIri(`${model.baseIri}none`) === undefined,
        entityById: model.entities.every((entity) => model.entityById(entity.id) === entity) && model.entityById('none') === undefined,
        // Records read in reverse order first: an entity's triples must not depend on which blocks were read before.
        // Superclasses and children read before the record, from the statements walked: they must be the record's.
        entities: [...model.entities]
          .reverse()
          .map((entity) => ({
            id: entity.id,
            kind: entity.kind,
            superclasses: [...entity.superclasses],
            children: entity.children,
            labelled: entity.labelled,
            record: entity.record,
            quads: triples(entity.quads),
          }))
          .reverse(),
      });
      const [fromCache, fromTriples] = [view(buildModelFromBlocks(restored.blocks)), view(buildModel(fresh.quads))];
      expect(fromCache).toEqual(fromTriples);
      for (const { superclasses, children, labelled, record } of fromCache.entities) {
        // Known without the record, it must be what the record says.
        expect(labelled).toBe(record.label !== null);
        expect(superclasses).toEqual('sub_class_of' in record ? record.sub_class_of : []);
        expect(children).toEqual('parent_class_of' in record ? record.parent_class_of : []);
      }
    });
});

describe('a model from blocks read back from the cache, of unusual literals', () => {
  it('warns of the literal XML cannot carry, types nothing by a literal, and gives every literal back exactly', async () => {
    const fresh = await loadOntology(UNUSUAL_LITERALS);
    const restored = await loadOntology(UNUSUAL_LITERALS, undefined, { parsed: storedAndReadBack(encodeBlocks(fresh.blocks)), cuts: [] });
    const model = buildModelFromBlocks(restored.blocks);
    expect(model.entities.map((entity) => entity.id)).toEqual(['Backspace', 'Seal']);
    expect(model.warnings.filter((warning) => warning.includes('Backspace'))).toHaveLength(1);
    expect(model.warnings.join('\n')).toMatch(/Backspace.*U\+0008/);
    const literals = (quads: readonly Quad[]) => quads.flatMap((quad) => (quad.object.termType === 'Literal' ? [quad.object.value] : [])).sort();
    expect(literals(restored.quads)).toEqual(literals(fresh.quads));
    expect(literals(restored.quads)).toContain('Back\bspace');
    expect(literals(restored.quads)).toContain('Seal 🦭');
  });
});

/** Runs `check` with the repo sample copied into two folders of a scratch folder, removed afterwards. */
async function inTwoFolders(folders: [string, string], check: (here: string, there: string) => Promise<void>): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'sample-copies-'));
  try {
    const [here, there] = folders.map((folder) => join(scratch, folder));
    for (const folder of [here, there]) cpSync(SAMPLE_ONTOLOGY, folder, { recursive: true });
    await check(here, there);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('blank node labels', () => {
  // The clean-clone CI found both: labels came from a hash of the file's location, and one began with "-".
  it('do not depend on where the ontology lies, and begin as N-Quads and Turtle require', async () => {
    await inTwoFolders(['a', 'elsewhere/b-c'], async (here, there) => {
      const labels = async (folder: string) =>
        (await loadOntology(folder)).quads
          .flatMap((quad) => [quad.subject, quad.object])
          .filter((term) => term.termType === 'BlankNode')
          .map((term) => term.value);
      const [first, second] = [await labels(here), await labels(there)];
      expect(first.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
      // BLANK_NODE_LABEL: a letter, digit or "_" first, then no "." last.
      for (const label of first) expect(label).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_\-.]*[A-Za-z0-9_-]$/);
    });
  });
});

describe("the cache's string table across edits", () => {
  it('keeps restoring every block after edit upon edit, and is made afresh before unused strings pile up', async () => {
    const sources = await readSources(SAMPLE_ONTOLOGY);
    const edited = (round: number) =>
      sources.map((source) =>
        source.format === 'rdfxml' ? { ...source, text: source.text.replace(/<rdfs:label>[^<]*/, `<rdfs:label>Edit number ${round}`) } : source,
      );
    // Each round is written and read back as the cache files are: the blocks file, and what the cache adds to it.
    const first = splitBlocks(encodeBlocks((await parseSources(sources)).blocks));
    let file = first.file;
    let read = file && joinBlocks(file, first.delta);
    if (!file || !read) throw new Error('a first write makes a blocks file that joins its delta');
    const freshSize = read.parsed.strings.length;
    const sizes: number[] = [];
    let filesKept = 0;
    for (let round = 1; round <= 40; round += 1) {
      const input = edited(round);
      const restored = await parseSources(input, { parsed: read.parsed, cuts: [] });
      expect(restored.reused).toBe(restored.blocks.length - 1);
      expect(triples(restored.quads)).toEqual(triples((await parseSources(input)).quads));
      const next = encodeBlocks(restored.blocks, read.parsed);
      // Blocks read back keep the very encodings they were read with, unless the table is made afresh.
      const same = restored.blocks.filter((block) => next.blocks.get(block.key) === read?.parsed.blocks.get(block.key)).length;
      expect(same).toBe(next.strings.length < read.parsed.strings.length ? 0 : restored.blocks.length - 1);
      const written = splitBlocks(next, read);
      if (written.file) file = written.file;
      else filesKept += 1;
      read = joinBlocks(file, written.delta);
      if (!read) throw new Error('a cache file names the blocks file it was written with');
      expect(read.parsed.strings.toArray()).toEqual(next.strings.toArray());
      for (const [key, encoded] of next.blocks) expect(read.parsed.blocks.get(key), key).toEqual(encoded);
      sizes.push(read.parsed.strings.length);
    }
    // Each edit appends its block's strings; the table grew, then shrank when it was made afresh (a new blocks file).
    expect(Math.max(...sizes)).toBeGreaterThan(freshSize);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.ceil(freshSize / 0.9) + 20);
    expect(sizes.some((size, at) => at > 0 && size < sizes[at - 1])).toBe(true);
    expect(filesKept).toBeGreaterThan(30);
    expect(filesKept).toBeLessThan(40);
  });

  it('reads no blocks from a file the cache was not written with', () => {
    const parsed = { strings: StringTable.of(['a']), blocks: new Map([['k', Int32Array.from([0, 0, 0, 0, 0])]]) };
    const { file, delta } = splitBlocks(parsed);
    if (!file) throw new Error('a first write makes a blocks file');
    expect(joinBlocks({ ...file, id: 'another' }, delta)).toBeUndefined();
  });
});

describe('block keys and where the file lies', () => {
  it.each([
    ['an absolute xml:base on the root', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xml:base="https://x.example/o">', true],
    ['single quotes and spaces', "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#' xml:base = 'urn:x:o'>", true],
    ['no xml:base', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">', false],
    ['a relative xml:base', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xml:base="sub/">', false],
    [
      'an xml:base built from an entity',
      '<!DOCTYPE rdf:RDF [<!ENTITY b "https://x.example/">]><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xml:base="&b;o">',
      false,
    ],
    [
      'an xml:base on an element before the root only',
      '<?xml-stylesheet href="s" xml:base="https://x.example/"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
      false,
    ],
  ])("%s: the keys depend on the file's location unless the root fixes the base", (_, root, fixed) => {
    const text = `<?xml version="1.0"?>\n${root}<rdf:Description rdf:about="a"/><rdf:Description rdf:about="b"/></rdf:RDF>`;
    const keys = (baseIRI: string) => blockSource({ name: 'o.owl', baseIRI, format: 'rdfxml', text }).blocks.map((block) => block.key);
    const here = keys('file:///one/o.owl');
    expect(here).toHaveLength(2);
    if (fixed) expect(keys('file:///two/o.owl')).toEqual(here);
    else expect(keys('file:///two/o.owl')).not.toEqual(here);
  });

  it('an output built from the ontology in one folder is updated in place from a copy in another', async () => {
    await inTwoFolders(['a', 'b'], async (here, there) => {
      const first = await parseSources(await readSources(here));
      const moved = await parseSources(await readSources(there), { parsed: encodeBlocks(first.blocks), cuts: [] });
      const rdfxmlBlocks = first.blocks.length - 1;
      // Every RDF/XML block comes from the cache; the Turtle file is one block keyed with its location.
      expect(moved.reused).toBe(rdfxmlBlocks);
    });
  });
});

describe("blocks cut from a file's bytes", () => {
  // Characters of two, three and four bytes before the root, in its start tag, in blocks and between them.
  const text = `<?xml version="1.0"?>\n<!-- Übersicht ☕ -->\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xml:base="https://x.example/é/">
<rdf:Description rdf:about="a"><rdfs:label xml:lang="de">Straße ☕ 𝔘</rdfs:label></rdf:Description>
<!-- … -->
<rdf:Description rdf:about="ß"><rdfs:seeAlso><rdf:Description><rdfs:label>𝔘nder</rdfs:label></rdf:Description></rdfs:seeAlso></rdf:Description>
</rdf:RDF>
`;

  it("gives the same blocks, keys and triples as the decoded text, and each from the other's cache", async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'utf8-blocks-'));
    try {
      writeFileSync(join(scratch, 'u.owl'), text);
      const read = await readSources(join(scratch, 'u.owl'));
      expect(read[0].bytes).toBeDefined();
      const given = read.map(({ name, baseIRI, format }) => ({ name, baseIRI, format, text }));
      const [fromBytes, fromText] = [await parseSources(read), await parseSources(given)];
      expect(fromBytes.blocks.map((block) => block.key)).toEqual(fromText.blocks.map((block) => block.key));
      expect(fromBytes.blocks).toHaveLength(2);
      expect(triples(fromBytes.quads)).toEqual(triples(fromText.quads));
      expect(fromBytes.quads.flatMap((quad) => [quad.subject.value, quad.object.value])).toEqual(
        expect.arrayContaining(['Straße ☕ 𝔘', '𝔘nder', 'https://x.example/é/ß']),
      );
      expect((await parseSources(read, { parsed: encodeBlocks(fromText.blocks), cuts: [] })).reused).toBe(2);
      expect((await parseSources(given, { parsed: encodeBlocks(fromBytes.blocks), cuts: [] })).reused).toBe(2);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
