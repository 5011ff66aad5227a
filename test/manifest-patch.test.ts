// patchManifest: the manifest after an in-place update, made from the previous one and what the update made, carried
// and kept, held to the manifest buildManifest makes from every file afresh.
import { describe, expect, it } from 'vitest';
import { TextList } from '../generator/changes/text-list.ts';
import { buildManifest, diffEntities } from '../generator/changes/manifest.ts';
import { Manifest } from '../generator/changes/manifest-table.ts';
import { patchManifest } from '../generator/changes/patch-manifest.ts';
import { loadModel } from '../generator/generate-api.ts';
import { FORMATS } from '../generator/route/router.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

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
        keys: TextList.of([...built.ids.toArray().filter((id) => id !== second.id), 'Gone'].sort()),
        values: TextList.of([...built.ids.toArray().filter((id) => id !== second.id), 'Gone'].sort().map((id) => built.entityHash(id) ?? 'g0')),
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
    expect(patched.removedSince(previous)).toEqual(['Gone', '_api/Gone.md', '_site/pages/Gone/index.html', 'search/s/62.json', 'taxonomy/tree/node/Unkept']);
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
