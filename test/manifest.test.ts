import { describe, expect, it } from 'vitest';
import { buildManifest } from '../generator/changes/manifest.ts';
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
