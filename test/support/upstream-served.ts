import { expect } from 'vitest';
import { readUpstream } from './shared-data.ts';

/** Every upstream entity under `baseIri`, fetched from a served site: its record and Markdown equal the live service's. */
export async function expectServedAsUpstream(siteUrl: string, baseIri: string): Promise<void> {
  const upstream = readUpstream().filter((entity) => String(entity.record.iri).startsWith(baseIri));
  expect(upstream.length).toBeGreaterThan(160);
  for (const entity of upstream) {
    const record = await fetch(`${siteUrl}/${entity.id}`).then((response) => response.json());
    expect(record, entity.id).toStrictEqual(entity.record);
    if (entity.markdown === undefined) continue;
    expect(await fetch(`${siteUrl}/${entity.id}/markdown`).then((response) => response.text()), entity.id).toBe(entity.markdown);
  }
}
