import { describe, expect, it } from 'vitest';
import { beginManifest, buildManifest, diffEntities, removedFiles } from '../generator/changes/manifest.ts';
import { Manifest } from '../generator/changes/manifest-table.ts';
import { renderManifestJson, spliceEditedJson, spliceEditedJsonBytes, spliceManifestJson } from '../generator/changes/manifest-json.ts';
import { applyEdits, editSums, type ColumnEdit, type PutEntry } from '../generator/changes/file-edits.ts';
import type { Column } from '../generator/changes/sorted-keys.ts';
import { patchManifest } from '../generator/changes/patch-manifest.ts';
import { changedBlockCount, changedBlockKeys, keysCountedDifferently, longestIncreasingRun } from '../generator/pipeline/plan-update.ts';
import { emitJson, escapeJsonText } from '../generator/emit/json.ts';
import { loadModel } from '../generator/generate-api.ts';
import { FORMATS } from '../generator/route/router.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

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

describe('patchManifest', () => {
  it('makes the manifest buildManifest makes from every file, from the previous one and what an update changed', async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = (tag: (id: string) => string) =>
      model.entities.flatMap((entity) =>
        FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}${tag(entity.id)}`]),
      );
    const before: [string, string][] = [
      ...entityFiles(() => ''),
      ['search/s/61.json', 'h1'],
      ['search/s/62.json', 'h2'],
      ['openapi.json', 'h3'],
      ['taxonomy/tree/node/Kept', 'k1'],
      ['taxonomy/tree/node/Unkept', 'k2'],
    ];
    const [first, second] = model.entities;
    // The previous build lacked the second entity and had one the model no longer has (with a page, which the
    // API never keeps); the update changed the first, added the second, dropped a shard.
    const secondFiles = new Set(FORMATS.map((spec) => router.filePath(second.id, spec.format)));
    const built = buildManifest(
      [...before.filter(([path]) => !secondFiles.has(path)), ['Gone', 'g1'], ['_api/Gone.md', 'g2'], ['_site/pages/Gone/index.html', 'g3']],
      model,
      router,
    );
    const previous = new Manifest(
      { keys: built.paths, values: built.hashes },
      {
        keys: [...built.ids.filter((id) => id !== second.id), 'Gone'].sort(),
        values: [...built.ids.filter((id) => id !== second.id), 'Gone'].sort().map((id) => built.entityHash(id) ?? 'g0'),
      },
    );
    const after = entityFiles((id) => (id === first.id ? '-edited' : ''));
    const remade = new Set([first.id, second.id].flatMap((id) => FORMATS.map((spec) => router.filePath(id, spec.format))));
    const made = after.filter(([path]) => remade.has(path));
    const kept = after.filter((entry) => !made.includes(entry));
    const hashed: [string, string][] = [...made, ['search/s/61a.json', 'h5'], ['openapi.json', 'h3'], ['~last', 'h6']];
    // The entities' other format files are kept without being listed: the patch keeps the model's.
    const patched = patchManifest(
      previous,
      {
        hashed,
        carried: [new Map([['search/s/61.json', 'h1']])],
        kept: { folders: ['taxonomy/tree/node/'], except: new Set(['taxonomy/tree/node/Unkept']) },
        redo: new Set([first.id, second.id]),
      },
      model,
      router,
    );
    const fresh = buildManifest([...kept, ['search/s/61.json', 'h1'], ['taxonomy/tree/node/Kept', 'k1'], ...hashed], model, router);
    expect(patched.toJson()).toBe(fresh.toJson());
    expect(patched).toEqual(fresh);
    expect(patched.fileHash('search/s/62.json')).toBeUndefined();
    expect(patched.entityHash(first.id)).not.toBe(previous.entityHash(first.id));
    expect(removedFiles(previous, patched)).toEqual(['Gone', '_api/Gone.md', '_site/pages/Gone/index.html', 'search/s/62.json', 'taxonomy/tree/node/Unkept']);
    expect(diffEntities(previous, patched)).toEqual({ added: [second.id], removed: ['Gone'], changed: [first.id] });
  });
});

describe('patchManifest when no entity was removed, by edits to the previous files column', () => {
  type Patch = { hashed: [string, string][]; carried: Record<string, string>[]; kept?: { folders: string[]; except: string[] } };
  const others: [string, string][] = [
    ['_live/children/A.json', 'c1'],
    ['openapi.json', 'o1'],
    ['search/s/61.json', 's1'],
    ['search/s/62.json', 's2'],
    ['search/s/7.json', 's3'],
    ['_site/tree/x.json', 't1'],
    ['taxonomy/tree/node/A', 'n1'],
    ['taxonomy/tree/node/B', 'n2'],
    ['taxonomy/tree/node/C', 'n3'],
    ['taxonomy/tree/nodeX', 'x1'],
  ];
  // Each case: what the update made and carried, given the re-made entity's format files (hashed anew).
  it.each<[string, (remade: [string, string][]) => Patch]>([
    ['nothing but openapi.json made, every other file carried', () => ({ hashed: [['openapi.json', 'o1']], carried: [Object.fromEntries(others.slice(1))] })],
    [
      "an entity's formats made again, two shards not carried (dropped), one carried",
      (remade) => ({
        hashed: [...remade, ['openapi.json', 'o2']],
        carried: [{ 'search/s/61.json': 's1' }, { '_site/tree/x.json': 't1' }] as Record<string, string>[],
      }),
    ],
    [
      'files made first, between, last and two at one place, one of them a carried file made again',
      (remade) => ({
        hashed: [...remade, ['!first', 'n1'], ['search/s/61a.json', 'n2'], ['search/s/61b.json', 'n3'], ['search/s/61.json', 's1-new'], ['~last', 'n4']],
        carried: [{ 'search/s/61.json': 's1', 'search/s/62.json': 's2', 'search/s/7.json': 's3', '_site/tree/x.json': 't1', 'openapi.json': 'o1' }],
      }),
    ],
    ['a file carried with another hash than before', () => ({ hashed: [], carried: [{ ...Object.fromEntries(others), '_site/tree/x.json': 't2' }] })],
    [
      "two kept folders: their files kept but those named (one made again, one added, one dropped), a file beside a folder's name not carried (dropped)",
      () => ({
        hashed: [
          ['taxonomy/tree/node/C', 'n3-new'],
          ['taxonomy/tree/node/D', 'n4'],
          ['openapi.json', 'o2'],
        ],
        carried: [{ '_site/tree/x.json': 't2', 'search/s/7.json': 's3' }],
        kept: {
          folders: ['taxonomy/tree/node/', '_live/children/'],
          except: ['taxonomy/tree/node/B', 'taxonomy/tree/node/C', 'taxonomy/tree/node/D', '_live/children/Z.json'],
        },
      }),
    ],
  ])('%s: the manifest built afresh from the same files', async (_, update) => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = model.entities.flatMap((entity) =>
      FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}`]),
    );
    const built = buildManifest([...entityFiles, ...others], model, router);
    const previous = Manifest.unpack(built.pack())?.withJson(built.toJson());
    if (!previous?.formats) throw new Error('the packed manifest did not unpack with its format flags');
    const [first] = model.entities;
    const remade = FORMATS.map((spec): [string, string] => [router.filePath(first.id, spec.format), `edited-${spec.format}`]);
    const { hashed, carried, kept: keptFolders = { folders: [], except: [] } } = update(remade);
    const parts = carried.map((part) => new Map(Object.entries(part)));
    const patch = { hashed, carried: parts, kept: { folders: keptFolders.folders, except: new Set(keptFolders.except) }, redo: new Set([first.id]) };
    const keptAsItIs = (path: string) => keptFolders.folders.some((folder) => path.startsWith(folder)) && !keptFolders.except.includes(path);
    const patched = patchManifest(previous, patch, model, router);
    // What a full build lists: every format file, the other files only where made or carried.
    const made = new Map(hashed);
    const kept = [...entityFiles, ...others].flatMap(([path, hash]): [string, string][] => {
      if (made.has(path)) return [];
      if (router.isFormatFile(path) || keptAsItIs(path)) return [[path, hash]];
      const part = carried.find((candidate) => Object.hasOwn(candidate, path));
      return part ? [[path, part[path]]] : [];
    });
    const fresh = buildManifest([...kept, ...hashed], model, router);
    expect(patched).toEqual(fresh);
    expect(patched.toJson()).toBe(fresh.toJson());
    expect(patched.pack()).toEqual(fresh.pack());
    // Read back as the file's bytes, as a build reads it: the new file's bytes spliced from them.
    const fromBytes = Manifest.unpack(built.pack())?.withJson(Buffer.from(built.toJson()));
    if (!fromBytes) throw new Error('the packed manifest did not unpack');
    const patchedFromBytes = patchManifest(fromBytes, patch, model, router);
    expect(Buffer.from(patchedFromBytes.toJsonBytes())).toEqual(Buffer.from(fresh.toJson()));
    expect(patchedFromBytes.toJson()).toBe(fresh.toJson());
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
    expect(manifest.paths).toEqual(['10', '2', 'a', 'b', 'c<d>&', 'q"\\\u2028']);
    expect(manifest.ids).toEqual(['X', 'Y']);
    expect(Manifest.parse(emitJson({ version: 1, files: Object.fromEntries(files), entities: Object.fromEntries(entities) }))).toEqual(manifest);
  });

  it('writes what emitJson writes of the same object in that order, escapes included', () => {
    const manifest = Manifest.fromEntries(files, entities);
    // Built key by key: an object literal would list the integer-like keys first.
    const inOrder = (keys: readonly string[], values: readonly string[]) =>
      `{${keys.map((key, at) => `${JSON.stringify(key)}:${JSON.stringify(values[at])}`).join(',')}}`;
    expect(manifest.toJson()).toBe(
      escapeJsonText(`{"version":1,"files":${inOrder(manifest.paths, manifest.hashes)},"entities":${inOrder(manifest.ids, manifest.idHashes)}}`),
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
    for (const manifest of [Manifest.fromEntries(files, entities), Manifest.fromEntries([], [])]) expect(Manifest.unpack(manifest.pack())).toEqual(manifest);
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
  const column = (entries: [string, string][]) => ({ keys: entries.map(([key]) => key), values: entries.map(([, value]) => value) });
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
    const patched = patchManifest(
      previous,
      { hashed: [...made, ['search/s/62.json', 'h2']], carried: [], kept: { folders: [], except: new Set() }, redo: new Set([first.id]) },
      model,
      router,
    );
    expect(patched.toJson()).toBe(Manifest.unpack(patched.pack())?.toJson());
    expect(JSON.parse(patched.toJson())).toEqual({
      version: 1,
      files: patched.files,
      entities: Object.fromEntries(patched.ids.map((id, at) => [id, patched.idHashes[at]])),
    });
  });
});

describe("manifest.json spliced from the previous text by a patch's edits", () => {
  const column = (entries: [string, string][]) => ({ keys: entries.map(([key]) => key), values: entries.map(([, value]) => value) });
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
    expect(spliced && Buffer.from(spliced)).toEqual(Buffer.from(renderManifestJson(applyEdits(files, fileEdits), applyEdits(entities, entityEdits))));
  });

  it('declines, as bytes, a previous text that is not all ASCII (its lengths in characters are not its bytes)', () => {
    const accented = column([['Rñ', 'h1']]);
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
