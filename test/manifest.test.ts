import { describe, expect, it } from 'vitest';
import { buildManifest } from '../generator/changes/manifest.ts';
import { patchManifest } from '../generator/changes/patch-manifest.ts';
import { loadModel } from '../generator/generate-api.ts';
import { FORMATS } from '../generator/route/router.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';

describe('buildManifest given the previous manifest', () => {
  it('lists the same files in the same order, with the same entity hashes, as one built afresh', async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = model.entities.flatMap((entity) => FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}`]));
    const before: [string, string][] = [...entityFiles, ['search/s/61.json', 'h1'], ['search/s/62.json', 'h2'], ['openapi.json', 'h3']];
    const previous = buildManifest(before, model, router);
    const [first] = model.entities;
    const edited = router.filePath(first.id, 'markdown');
    // One file changed, one gone, three new ones that sort first, in between and last.
    const after: [string, string][] = [
      ...before.filter(([path]) => path !== 'search/s/62.json').map(([path, hash]): [string, string] => [path, path === edited ? 'changed' : hash]),
      ['.nojekyll', 'h4'], ['search/s/61a.json', 'h5'], ['~last', 'h6'],
    ];
    const fresh = buildManifest(after, model, router);
    const updated = buildManifest(after, model, router, [], previous);
    expect(JSON.stringify(updated)).toBe(JSON.stringify(fresh));
    expect(updated.entities[first.id]).not.toBe(previous.entities[first.id]);
  });
});

describe('patchManifest', () => {
  it('makes the manifest buildManifest makes from every file, from the previous one and what an update changed', async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const entityFiles = (tag: (id: string) => string) => model.entities.flatMap((entity) => FORMATS.map((spec): [string, string] => [router.filePath(entity.id, spec.format), `h-${entity.id}-${spec.format}${tag(entity.id)}`]));
    const before: [string, string][] = [...entityFiles(() => ''), ['search/s/61.json', 'h1'], ['search/s/62.json', 'h2'], ['openapi.json', 'h3']];
    const [first, second] = model.entities;
    // The previous build lacked the second entity; the update changed the first, added the second, dropped a shard.
    const previous = buildManifest(before.filter(([path]) => !path.startsWith(router.filePath(second.id, 'json'))), model, router);
    delete previous.entities[second.id];
    const after = entityFiles((id) => (id === first.id ? '-edited' : ''));
    const made = after.filter(([path]) => path.startsWith(router.filePath(first.id, 'json')) || path.startsWith(router.filePath(second.id, 'json')));
    const kept = Object.fromEntries(after.filter((entry) => !made.includes(entry)));
    const hashed: [string, string][] = [...made, ['search/s/61a.json', 'h5'], ['openapi.json', 'h3'], ['~last', 'h6']];
    const patched = patchManifest(previous, { hashed, carried: [kept, { 'search/s/61.json': 'h1' }], redo: new Set([first.id, second.id]) }, model, router);
    const fresh = buildManifest([...Object.entries(kept), ['search/s/61.json', 'h1'], ...hashed], model, router);
    expect(JSON.stringify(patched)).toBe(JSON.stringify(fresh));
    expect(patched?.files['search/s/62.json']).toBeUndefined();
    expect(patched?.entities[first.id]).not.toBe(previous.entities[first.id]);
  });

  it('declines a previous manifest whose paths are out of order', async () => {
    const { model, router } = await loadModel({ ontology: SAMPLE_ONTOLOGY, baseUrl: 'https://x.example/' });
    const previous = { version: 1 as const, files: { b: 'h1', a: 'h2' }, entities: {} };
    expect(patchManifest(previous, { hashed: [], carried: [], redo: new Set() }, model, router)).toBeUndefined();
  });
});
