import { beforeAll, describe, expect, it } from 'vitest';
import { generateApi, type ApiBuild } from '../generator/generate-api.ts';
import { OWL_ANNOTATION_PROPERTY, OWL_CLASS, OWL_OBJECT_PROPERTY } from '../generator/model/vocabulary.ts';
import { EXCERPT, hasShared, readUpstream } from './support/shared-data.ts';

// The live service's own output for every class and property of the real FOLIO excerpt.
describe.skipIf(!hasShared)('compatibility with the live FOLIO API (folio-excerpt.owl)', () => {
  let build: ApiBuild;
  let served: Map<string, string>;
  beforeAll(async () => {
    build = await generateApi({ ontology: EXCERPT, baseUrl: 'https://api.example.org/' });
    served = new Map(build.files.map((file) => [file.path, file.contents]));
  });
  const upstream = hasShared ? readUpstream() : [];
  const base = 'https://folio.openlegalstandard.org/';
  const published = upstream.filter((entity) => String(entity.record.iri).startsWith(base));

  it("publishes exactly the upstream entities that lie under the base IRI, and FOLIO's annotation properties besides", () => {
    // The live service publishes classes and object properties only; every other kind is ours alone.
    const ofLiveKinds = build.model.entities.filter((entity) => entity.type === OWL_CLASS || entity.type === OWL_OBJECT_PROPERTY);
    const ours = ofLiveKinds.map((entity) => entity.iri).sort();
    const theirs = published.map((entity) => String(entity.record.iri)).sort();
    // One excerpt property carries its label only in a trailing rdf:Description block, which the
    // live service ignores; we merge it, so we publish one entity more.
    expect(ours.filter((iri) => !theirs.includes(iri))).toEqual([`${base}R7PEVL4EDe99UD7dVx58cFp`]);
    expect(theirs.filter((iri) => !ours.includes(iri))).toEqual([]);
    expect(published.length).toBeGreaterThan(160);
    const others = build.model.entities.filter((entity) => !ofLiveKinds.includes(entity));
    expect(others.map((entity) => [entity.id, entity.type])).toEqual(
      [
        'R7Mpgb1WQXzd7cnaiMK0dig',
        'R9e8PXI2IEusTTC9xKXN7hA',
        'RBwBJ2lKdRgVYPkQmoJN1pD',
        'RCAWR19VGcj184M2SBAaeoj',
        'RDYP3TjJk8DcQkIsUhXwkiu',
        'RDztYH7do2tyqzcXc0HSMnk',
        'RTVHIHUY48KidG92GXtTlH',
      ].map((id) => [id, OWL_ANNOTATION_PROPERTY]),
    );
  });

  it('never writes entities outside the base IRI', () => {
    const outside = upstream.filter((entity) => !String(entity.record.iri).startsWith(base));
    expect(outside.map((entity) => entity.id)).toEqual(['agent']);
    for (const entity of outside) expect(served.has(build.router.filePath(entity.id, 'json'))).toBe(false);
  });

  it.each(published.map((entity) => [entity.id, entity] as const))('JSON record of %s equals upstream, key order included', (id, entity) => {
    const ours: unknown = JSON.parse(served.get(build.router.filePath(id, 'json')) ?? 'null');
    expect(ours).toStrictEqual(entity.record);
    expect(Object.keys(ours as object)).toEqual(Object.keys(entity.record));
  });

  const withMarkdown = published.filter((entity) => entity.markdown !== undefined);
  it.each(withMarkdown.map((entity) => [entity.id, entity] as const))('Markdown of %s is byte-identical to upstream', (id, entity) => {
    expect(served.get(build.router.filePath(id, 'markdown'))).toBe(entity.markdown);
  });
});
