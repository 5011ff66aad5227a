// The live service's read API, replayed: every recorded request (live-api/requests.jsonl beside the repo) but the
// ranked searches (label, definition, prefix), answered by generator/live from the same ontology (the structured
// queries by the search core over the query corpus a build writes), must equal the live service's answer,
// status and body, except for the differences kept on purpose (docs/live-api.md), each checked for exactly itself.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LiveGraph } from '../generator/live/live-graph.ts';
import { answerLive, answerLiveSearch, type LiveAnswer } from '../generator/live/live-routes.ts';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { hasShared, type LiveRequest, ROOTED_EXCERPT, readLiveRequests } from './support/shared-data.ts';

// How the recording's service was configured: /info/health reports it.
const SOURCE = {
  source_type: 'http',
  http_url: 'https://folio.invalid/FOLIO.owl',
  github_repo_owner: 'alea-institute',
  github_repo_name: 'FOLIO',
  github_repo_branch: '2.0.0',
};
// Labelled only in an rdf:Description block, which the live service does not read: there it has no label, so no property.
const DESCRIBED_PROPERTY = 'https://folio.openlegalstandard.org/R7PEVL4EDe99UD7dVx58cFp';

/** The kind of endpoint a request is, as the replay groups them. */
function kindOf(request: string): string {
  const path = request.split('?')[0];
  if (path.startsWith('/taxonomy/tree/')) return path.split('/').slice(0, 4).join('/');
  if (path.startsWith('/taxonomy/') && path !== '/taxonomy/branches') return '/taxonomy/{segment}';
  if (path.startsWith('/explore/api/entity-graph/')) return '/explore/api/entity-graph';
  return path;
}

/** Our answer as the live service would give it, for the differences kept on purpose; undefined where there is none. */
function asLive(request: string, ours: LiveAnswer): LiveAnswer | undefined {
  if (request.startsWith('/taxonomy/folio_type')) return { status: 404, body: { detail: 'Not Found' } };
  if (request === '/info/health') {
    const body = ours.body as { folio_graph: { num_properties: number } };
    return { status: ours.status, body: { ...body, folio_graph: { ...body.folio_graph, num_properties: body.folio_graph.num_properties - 1 } } };
  }
  if (request === '/properties/all') {
    const { properties } = ours.body as { properties: { iri: string }[] };
    return { status: ours.status, body: { properties: properties.filter((property) => property.iri !== DESCRIBED_PROPERTY) } };
  }
  if (request.startsWith('/search/query_properties')) {
    const { properties } = ours.body as { properties: { iri: string }[] };
    return { status: ours.status, body: { properties: properties.filter((property) => property.iri !== DESCRIBED_PROPERTY) } };
  }
  if (request.startsWith('/connections')) {
    const found = ours.body as { property: { iri: string } }[] | { error: string };
    return Array.isArray(found) ? { status: ours.status, body: found.filter((connection) => connection.property.iri !== DESCRIBED_PROPERTY) } : undefined;
  }
  return undefined;
}

describe.skipIf(!hasShared)('the live service read API, replayed over the rooted FOLIO excerpt', async () => {
  const ranked = (request: string) => request.startsWith('/search/') && !request.startsWith('/search/query');
  const requests = hasShared ? readLiveRequests().filter(({ request }) => !ranked(request)) : [];
  const graph = hasShared ? new LiveGraph(buildModel((await loadOntology(ROOTED_EXCERPT)).quads)) : undefined;
  const byKind = new Map<string, LiveRequest[]>();
  for (const recorded of requests) byKind.set(kindOf(recorded.request), [...(byKind.get(kindOf(recorded.request)) ?? []), recorded]);

  /** Our answer: the structured queries' from the core over the corpus, the others' from the graph. */
  const answer = async (request: string) =>
    request.startsWith('/search/') ? await answerLiveSearch(graph as LiveGraph, request) : answerLive(graph as LiveGraph, SOURCE, request);

  it('replays every recorded request that is not a ranked search', () => {
    expect(requests).toHaveLength(733);
    expect([...byKind.keys()].sort()).toEqual([
      '/connections',
      '/explore/api/entity-graph',
      '/info/health',
      '/properties/all',
      '/search/query',
      '/search/query_properties',
      '/taxonomy/branches',
      '/taxonomy/tree/data',
      '/taxonomy/tree/node',
      '/taxonomy/{segment}',
    ]);
  });

  it.each([...byKind.keys()].sort())('%s: the live service answer, status and body, for every recorded request', async (kind) => {
    const differing: string[] = [];
    for (const { request, status, body } of byKind.get(kind) ?? []) {
      const ours = await answer(request);
      expect(ours, request).toBeDefined();
      const compared = asLive(request, ours as LiveAnswer) ?? ours;
      if (compared?.status !== status || !isDeepStrictEqual(compared.body, body)) differing.push(request);
    }
    expect(differing).toEqual([]);
  });

  it('keeps each difference for exactly itself: folio_type is walked, the property labelled in an rdf:Description block is listed', async () => {
    const folioType = (await answer('/taxonomy/folio_type')) as LiveAnswer;
    expect(folioType.status).toBe(200);
    expect((folioType.body as { classes: { sub_class_of: string[] }[] }).classes.map((record) => record.sub_class_of)).toContainEqual([
      'https://folio.openlegalstandard.org/R8uI6AZ9vSgpAdKmfGZKfTZ',
    ]);
    const properties = (((await answer('/properties/all')) as LiveAnswer).body as { properties: { iri: string; label: string }[] }).properties;
    expect(properties.filter((property) => property.iri === DESCRIBED_PROPERTY).map((property) => property.label)).toEqual(['engaged']);
    const health = ((await answer('/info/health')) as LiveAnswer).body as { folio_graph: { num_properties: number } };
    expect(health.folio_graph.num_properties).toBe(properties.length);
    const inverse = (await answer('/search/query_properties?has_inverse=true&limit=200')) as LiveAnswer;
    expect((inverse.body as { properties: { iri: string }[] }).properties.map((property) => property.iri)).toEqual([DESCRIBED_PROPERTY]);
  });
});
