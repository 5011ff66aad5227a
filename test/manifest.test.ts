import { describe, expect, it } from 'vitest';
import { beginManifest, buildManifest, diffEntities } from '../generator/changes/manifest.ts';
import { Manifest } from '../generator/changes/manifest-table.ts';
import {
  renderManifestJson,
  spliceEditedJson,
  spliceEditedJsonBytes,
  spliceEditedJsonParts,
  spliceManifestJson,
  type PreviousJsonFile,
} from '../generator/changes/manifest-json.ts';
import { applyEdits, editSums, type ColumnEdit, type PutEntry } from '../generator/changes/file-edits.ts';
import type { Column } from '../generator/changes/sorted-keys.ts';
import { patchManifest, type ManifestPatch } from '../generator/changes/patch-manifest.ts';
import { changedBlockCount, changedBlockKeys, keysCountedDifferently, longestIncreasingRun } from '../generator/pipeline/plan-update.ts';
import { emitJson, escapeJsonText } from '../generator/emit/json.ts';
import { loadModel } from '../generator/generate-api.ts';
import { FORMATS } from '../generator/route/router.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { TextList } from '../generator/changes/text-list.ts';

const column = (entries: [string, string][]): Column => ({
  keys: TextList.of(entries.map(([key]) => key)),
  values: TextList.of(entries.map(([, value]) => value)),
});

/** A previous manifest file over bytes in memory, as the cache's reader gives one over the file. */
const fileOver = (bytes: Buffer): PreviousJsonFile => ({
  length: bytes.length,
  ascii: bytes.every((byte) => byte < 0x80),
  holds: (at, mark) => bytes.subarray(at, at + mark.length).toString('latin1') === mark,
  bytes: () => bytes,
});

/** What a manifest holds, as plain data (its lists compare by their strings, not their representation). */
const contentsOf = (manifest: Manifest) => ({
  paths: manifest.paths.toArray(),
  hashes: manifest.hashes.toArray(),
  ids: manifest.ids.toArray(),
  idHashes: manifest.idHashes.toArray(),
  formats: manifest.formats,
});

describe('buildManifest given the previous manifest', () => {
  it('lists the same files in the same order, with the same entity hashes, as one built afresh', async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = model.entities.flatMap((entity) =>
      FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}`]),
    );
    const before: [string, string][] = [...entityFiles, ['search/s/61.json', 'h1'], ['search/s/62.json', 'h2'], ['openapi.json', 'h3']];
    const previous = buildManifest(before, model, router);
    const [first] = model.entities;
    const edited = router.filePath(first.id, 'markdown');
    // One file changed, one gone, three new ones that sort first, in between and last.
    const after: [string, string][] = [
      ...before.filter(([path]) => path !== 'search/s/62.json').map(([path, hash]): [string, string] => [path, path === edited ? 'changed' : hash]),
      ['.nojekyll', 'h4'],
      ['search/s/61a.json', 'h5'],
      ['~last', 'h6'],
    ];
    const fresh = buildManifest(after, model, router);
    const updated = buildManifest(after, model, router, [], previous);
    expect(updated.toJson()).toBe(fresh.toJson());
    expect(updated).toEqual(fresh);
    expect(updated.entityHash(first.id)).not.toBe(previous.entityHash(first.id));
  });
});

describe('beginManifest, for files hashed in two waves', () => {
  const waves = async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = model.entities.flatMap((entity) =>
      FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}`]),
    );
    return { model, router, entityFiles };
  };
  it.each<[string, (files: [string, string][]) => [[string, string][], [string, string][]]]>([
    [
      'the index and site files second, as a streamed build hashes them',
      (files) => [
        files,
        [
          ['search/s/61.json', 'h1'],
          ['!first', 'h2'],
          ['openapi.json', 'h3'],
          ['~last', 'h4'],
        ],
      ],
    ],
    ['nothing second', (files) => [files, []]],
    ["an entity's format file second (its hash must cover it)", (files) => [files.slice(1), [files[0], ['search/index.json', 'h5']]]],
    ['a file of the first wave hashed again, differently', (files) => [[...files, ['openapi.json', 'old']], [['openapi.json', 'new']]]],
  ])('%s: the manifest buildManifest makes of both', async (_, split) => {
    const { model, router, entityFiles } = await waves();
    const [first, rest] = split(entityFiles);
    const whole = [...new Map([...first, ...rest])];
    expect(beginManifest(first, model, router)(rest)).toEqual(buildManifest(whole, model, router));
    // Given the previous build's manifest (its order and entity hashes kept where nothing changed).
    const previous = buildManifest([...entityFiles.slice(2), ['search/s/61.json', 'old'], ['gone', 'h6']], model, router);
    expect(beginManifest(first, model, router, previous)(rest)).toEqual(buildManifest(whole, model, router, [], previous));
  });
});

describe('Manifest', () => {
  const files: [string, string][] = [
    ['b', 'h2'],
    ['a', 'h1'],
    ['10', 'h3'],
    ['2', 'h4'],
    ['c<d>&', 'h5'],
    ['q"\\\u2028', 'h6'],
  ];
  const entities: [string, string][] = [
    ['Y', 'e2'],
    ['X', 'e1'],
  ];

  it('lists keys in code unit order, whatever order it is given or parsed in (integer-like keys included)', () => {
    const manifest = Manifest.fromEntries(files, entities);
    expect(manifest.paths.toArray()).toEqual(['10', '2', 'a', 'b', 'c<d>&', 'q"\\\u2028']);
    expect(manifest.ids.toArray()).toEqual(['X', 'Y']);
    const parsed = Manifest.parse(emitJson({ version: 1, files: Object.fromEntries(files), entities: Object.fromEntries(entities) }));
    expect(parsed && contentsOf(parsed)).toEqual(contentsOf(manifest));
  });

  it('writes what emitJson writes of the same object in that order, escapes included', () => {
    const manifest = Manifest.fromEntries(files, entities);
    // Built key by key: an object literal would list the integer-like keys first.
    const inOrder = (keys: readonly string[], values: readonly string[]) =>
      `{${keys.map((key, at) => `${JSON.stringify(key)}:${JSON.stringify(values[at])}`).join(',')}}`;
    expect(manifest.toJson()).toBe(
      escapeJsonText(
        `{"version":1,"files":${inOrder(manifest.paths.toArray(), manifest.hashes.toArray())},"entities":${inOrder(manifest.ids.toArray(), manifest.idHashes.toArray())}}`,
      ),
    );
    // Without integer-like keys, the same bytes as emitJson of the object.
    const plain = Manifest.fromEntries(
      files.filter(([path]) => !/^\d+$/.test(path)),
      entities,
    );
    expect(plain.toJson()).toBe(emitJson({ version: 1, files: plain.files, entities: Object.fromEntries(entities.sort()) }));
    expect(JSON.parse(manifest.toJson())).toEqual({ version: 1, files: Object.fromEntries(files), entities: Object.fromEntries(entities) });
    expect(manifest.toJson()).not.toMatch(/[<>&\u2028]/);
  });

  it.each([
    ['a', 'h1'],
    ['10', 'h3'],
    ['q"\\\u2028', 'h6'],
    ['0', undefined],
    ['aa', undefined],
    ['z', undefined],
  ])('looks %j up: %s', (path, hash) => {
    const manifest = Manifest.fromEntries(files, entities);
    expect(manifest.fileHash(path)).toBe(hash);
    expect(Manifest.unpack(manifest.pack())?.fileHash(path)).toBe(hash);
  });

  it('packs and unpacks to the same manifest, empty ones included', () => {
    for (const manifest of [Manifest.fromEntries(files, entities), Manifest.fromEntries([], [])]) {
      const unpacked = Manifest.unpack(manifest.pack());
      expect(unpacked && contentsOf(unpacked)).toEqual(contentsOf(manifest));
    }
    expect(Manifest.unpack({ paths: 'a\u0000b', hashes: 'h1', ids: '', idHashes: '' })).toBeUndefined();
  });

  it.each([
    ['not JSON', '{'],
    ['another version', '{"version":2,"files":{},"entities":{}}'],
    ['a hash that is not a string', '{"version":1,"files":{"a":1},"entities":{}}'],
    ['no entities', '{"version":1,"files":{}}'],
  ])('parses nothing from %s', (_, text) => {
    expect(Manifest.parse(text)).toBeUndefined();
  });
});

describe('manifest.json made from the previous text', () => {
  const files: [string, string][] = [
    ['.nojekyll', 'h0'],
    ['R1', 'h1'],
    ['R2', 'h2'],
    ['_api/R1.md', 'h3'],
    ['search/s/a.json', 'h4'],
  ];
  const entities: [string, string][] = [
    ['R1', 'e1'],
    ['R2', 'e2'],
  ];
  const before = { files: column(files), entities: column(entities), json: renderManifestJson(column(files), column(entities)) };

  it.each<[string, [string, string][], [string, string][]]>([
    ['nothing changed', files, entities],
    ['a hash changed in the middle', files.map(([path, hash]) => [path, path === 'R2' ? 'changed' : hash]), entities],
    ['files added first, between and last', [['!first', 'n1'], ...files.slice(0, 2), ['R1a', 'n2'], ...files.slice(2), ['~last', 'n3']], entities],
    ['files and an entity gone', files.filter(([path]) => path !== 'R1' && path !== 'search/s/a.json'), [['R2', 'e2']]],
    ['every file gone', [], []],
    ['new entries that need escaping', [...files, ['x<"y"\u2028', 'h"5']], [...entities, ['R3&', 'e3']]],
  ])('%s: the text written afresh', (_, nowFiles, nowEntities) => {
    expect(spliceManifestJson(before, column(nowFiles), column(nowEntities))).toBe(renderManifestJson(column(nowFiles), column(nowEntities)));
  });

  it('declines a previous text with escapes, whose entries are longer than their keys and values', () => {
    const escaped: [string, string][] = [...files, ['a<b', 'h9']];
    const text = renderManifestJson(column(escaped), column(entities));
    expect(spliceManifestJson({ files: column(escaped), entities: column(entities), json: text }, column(files), column(entities))).toBeUndefined();
  });

  it("is what a patched manifest writes when the previous one's text is known", async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = model.entities.flatMap((entity) =>
      FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}`]),
    );
    const built = buildManifest([...entityFiles, ['search/s/61.json', 'h1']], model, router);
    const previous = Manifest.unpack(built.pack())?.withJson(built.toJson());
    if (!previous) throw new Error('the packed manifest did not unpack');
    const [first] = model.entities;
    const made = FORMATS.map((spec): [string, string] => [router.filePath(first.id, spec.format), `edited-${spec.format}`]);
    const patch = {
      hashed: [...made, ['search/s/62.json', 'h2']],
      carried: [],
      kept: { folders: [], except: new Set<string>() },
      redo: new Set([first.id]),
    } satisfies ManifestPatch;
    const patched = patchManifest(previous, patch, model, router);
    expect(patched.toJson()).toBe(Manifest.unpack(patched.pack())?.toJson());
    // From the previous file where it lies (not read whole), the same bytes as parts: its stretches and the entries made.
    const previousBytes = Buffer.from(built.toJson());
    const fromFile = Manifest.unpack(built.pack())?.withJson(fileOver(previousBytes));
    const patchedFromFile = fromFile && patchManifest(fromFile, patch, model, router);
    const parts = patchedFromFile?.toJsonParts();
    expect(parts?.some((part) => !(part instanceof Uint8Array))).toBe(true);
    expect(
      parts && Buffer.concat(parts.map((part) => (part instanceof Uint8Array ? part : previousBytes.subarray(part.start, part.start + part.length)))),
    ).toEqual(Buffer.from(patched.toJson()));
    // Read off the patch's edits, the files it took out are those a walk of both lists finds.
    expect(patched.removedSince(previous)).toEqual(['search/s/61.json']);
    expect(Manifest.unpack(patched.pack())?.removedSince(previous)).toEqual(['search/s/61.json']);
    // Likewise the entity it hashed anew, read off the edits, is what a walk of both columns finds.
    const walked = diffEntities(previous, Manifest.unpack(patched.pack()) ?? patched);
    expect(patched.entityChangesSince(previous)).toEqual({ added: [], removed: [], changed: [first.id] });
    expect(diffEntities(previous, patched)).toEqual(walked);
    expect(Manifest.unpack(patched.pack())?.entityChangesSince(previous)).toBeUndefined();
    expect(JSON.parse(patched.toJson())).toEqual({
      version: 1,
      files: patched.files,
      entities: Object.fromEntries(patched.ids.toArray().map((id, at) => [id, patched.idHashes.at(at)])),
    });
  });
});

describe("manifest.json spliced from the previous text by a patch's edits", () => {
  const files = column([
    ['Ra', 'h1'],
    ['Rb', 'h2'],
    ['_api/Ra.md', 'h3'],
    ['search/s/61.json', 'h4'],
  ]);
  const entities = column([
    ['Ra', 'e1'],
    ['Rb', 'e2'],
  ]);
  const put = (key: string, value: string): PutEntry => ({ key, value });
  const edited = (base: Column, edits: ColumnEdit[]) => ({ base, edits, sums: editSums(base, edits) });
  it.each<[string, ColumnEdit[], ColumnEdit[]]>([
    ['nothing edited', [], []],
    [
      'a hash changed at each end',
      [
        { at: 0, put: [put('Ra', 'n1')], take: true },
        { at: 3, put: [put('search/s/61.json', 'n4')], take: true },
      ],
      [],
    ],
    [
      'files put first and last, one dropped between',
      [
        { at: 0, put: [put('!', 'n0')], take: false },
        { at: 2, put: [], take: true },
        { at: 4, put: [put('~', 'n9')], take: false },
      ],
      [],
    ],
    [
      'two files put at one place, an entity hashed anew',
      [{ at: 2, put: [put('Rc', 'n5'), put('Rd', 'n6')], take: false }],
      [{ at: 1, put: [put('Rb', 'n7')], take: true }],
    ],
    ['every file dropped', [0, 1, 2, 3].map((at) => ({ at, put: [], take: true })), []],
    ['entries that need escaping put', [{ at: 1, put: [put('R<b>', 'h"')], take: false }], [{ at: 2, put: [put('R&', 'e3')], take: false }]],
  ])('%s: the text written afresh', (_, fileEdits, entityEdits) => {
    const text = renderManifestJson(files, entities);
    const spliced = spliceEditedJson(text, edited(files, fileEdits), edited(entities, entityEdits));
    expect(spliced).toBe(renderManifestJson(applyEdits(files, fileEdits), applyEdits(entities, entityEdits)));
  });

  it('declines a previous text with escapes, whose entries are longer than their keys and values', () => {
    const escaped = column([['R<', 'h1']]);
    expect(spliceEditedJson(renderManifestJson(escaped, entities), edited(escaped, []), edited(entities, []))).toBeUndefined();
    expect(spliceEditedJsonBytes(Buffer.from(renderManifestJson(escaped, entities)), edited(escaped, []), edited(entities, []))).toBeUndefined();
  });

  it.each<[string, ColumnEdit[], ColumnEdit[]]>([
    ['nothing edited', [], []],
    [
      'files put first and last, one dropped between',
      [
        { at: 0, put: [put('!', 'n0')], take: false },
        { at: 2, put: [], take: true },
        { at: 4, put: [put('~', 'n9')], take: false },
      ],
      [],
    ],
    [
      'an entry put that is not ASCII, an entity hashed anew',
      [{ at: 2, put: [put('Rñ', 'n5')], take: false }],
      [{ at: 0, put: [put('Ra', 'n7')], take: true }],
    ],
  ])('%s, as bytes: the UTF-8 of the text written afresh', (_, fileEdits, entityEdits) => {
    const bytes = Buffer.from(renderManifestJson(files, entities));
    const spliced = spliceEditedJsonBytes(bytes, edited(files, fileEdits), edited(entities, entityEdits));
    const expected = Buffer.from(renderManifestJson(applyEdits(files, fileEdits), applyEdits(entities, entityEdits)));
    expect(spliced && Buffer.from(spliced)).toEqual(expected);
    // As parts, the file never read whole: the stretches it names, taken from the previous bytes, make the same.
    const parts = spliceEditedJsonParts(fileOver(bytes), edited(files, fileEdits), edited(entities, entityEdits));
    expect(parts && Buffer.concat(parts.map((part) => (part instanceof Uint8Array ? part : bytes.subarray(part.start, part.start + part.length))))).toEqual(
      expected,
    );
  });

  it('declines, as bytes, a previous text that is not all ASCII (its lengths in characters are not its bytes)', () => {
    const accented = column([['Rñ', 'h1']]);
    expect(spliceEditedJsonParts(fileOver(Buffer.from(renderManifestJson(accented, entities))), edited(accented, []), edited(entities, []))).toBeUndefined();
    expect(spliceEditedJsonBytes(Buffer.from(renderManifestJson(accented, entities)), edited(accented, []), edited(entities, []))).toBeUndefined();
  });
});

describe('the blocks an update finds changed', () => {
  // What the plan compared before: each key's count in either list.
  const byCounting = (before: string[], now: string[]) => {
    const count = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
    const [a, b] = [count(before), count(now)];
    return new Set([...a.keys(), ...b.keys()].filter((key) => a.get(key) !== b.get(key)));
  };
  it.each<[string, string[], string[], string[]]>([
    ['nothing', ['a', 'b', 'c'], ['a', 'b', 'c'], []],
    ['one block edited', ['a', 'b', 'c'], ['a', 'x', 'c'], ['b', 'x']],
    ['two blocks swapped', ['a', 'b', 'c'], ['c', 'b', 'a'], []],
    ['a block removed from the middle', ['a', 'b', 'c', 'd'], ['a', 'c', 'd'], ['b']],
    ['a block added at the start', ['a', 'b'], ['x', 'a', 'b'], ['x']],
    ['a block duplicated', ['a', 'b'], ['a', 'b', 'b'], ['b']],
    ['identical blocks, one edited', ['a', 'a', 'a'], ['a', 'y', 'a'], ['a', 'y']],
    ['everything', [], ['a'], ['a']],
  ])('%s', (_, before, now, changed) => {
    expect([...keysCountedDifferently(before, now)].sort()).toEqual(changed);
    expect([...byCounting(before, now)].sort()).toEqual(changed);
  });
});

describe('the blocks an update treats as changed, moved ones included', () => {
  // A moved block reorders its subject's triples and its parents' child lists, so it is emitted again.
  it.each<[string, string[], string[], string[]]>([
    ['nothing', ['a', 'b', 'c'], ['a', 'b', 'c'], []],
    ['one block edited', ['a', 'b', 'c'], ['a', 'x', 'c'], ['b', 'x']],
    ['two blocks swapped', ['a', 'b', 'c'], ['c', 'b', 'a'], ['b', 'c']],
    ['one block moved to the end', ['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'], ['a']],
    ['one block moved to the start', ['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'], ['d']],
    ['a block removed, another moved', ['a', 'b', 'c', 'd'], ['d', 'a', 'c'], ['b', 'd']],
    ['identical blocks moved past another', ['a', 'a', 'b'], ['a', 'b', 'a'], ['b']],
    ['everything reversed', ['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'], ['b', 'c', 'd']],
  ])('%s', (_, before, now, changed) => {
    expect([...changedBlockKeys(before, now)].sort()).toEqual(changed);
  });

  // The count an update weighs against the whole and reports: an edited block is one, though two of its keys changed.
  it.each<[string, string[], string[], number]>([
    ['nothing', ['a', 'b', 'c'], ['a', 'b', 'c'], 0],
    ['one block edited', ['a', 'b', 'c'], ['a', 'x', 'c'], 1],
    ['two blocks edited', ['a', 'b', 'c'], ['y', 'b', 'x'], 2],
    ['a block added', ['a', 'b'], ['a', 'x', 'b'], 1],
    ['two blocks removed', ['a', 'b', 'c'], ['b'], 2],
    ['a block removed, another moved', ['a', 'b', 'c', 'd'], ['d', 'a', 'c'], 2],
    ['one of three identical blocks edited: the two left share its old key', ['a', 'a', 'a'], ['a', 'y', 'a'], 3],
  ])('%s: %i changed', (_, before, now, count) => {
    expect(changedBlockCount(before, now, changedBlockKeys(before, now))).toBe(count);
  });

  it.each<[number[], number]>([
    [[], 0],
    [[0, 1, 2], 3],
    [[2, 1, 0], 1],
    [[3, 0, 1, 4, 2, 5], 4],
  ])('a longest increasing run of %j is %i long, and increasing', (numbers, length) => {
    const run = numbers.filter((_, at) => longestIncreasingRun(numbers)[at]);
    expect(run).toHaveLength(length);
    expect(run).toEqual([...run].sort((a, b) => a - b));
  });
});
