// The live service's read URLs besides `/{id}` and the searches (docs/live-api.md), checked over HTTP: the files every
// host serves, and where a host runs code, the URLs a query string changes and the structured queries.
import { cors, type Get, type RecordCheck } from './check-result.ts';
import { parseJson, type Probe } from './probe.ts';

/** `pages`: a host that runs no code (the URLs with a query string are reported); `id`, `label`: an entity to ask about. */
export async function checkLive(get: Get, record: RecordCheck, { pages, id, label }: { pages: boolean; id?: string; label?: string }): Promise<void> {
  const json = async (path: string) => {
    const response = await get(path);
    return { response, body: parseJson(response.body) as Record<string, unknown> | undefined };
  };
  const shape = (response: Probe, ok: boolean, what: string) => `${response.status}${cors(response)}${ok ? `, ${what}` : ''}`;
  const health = await json('/info/health');
  record('live: /info/health', '/info/health', '200, CORS *, healthy', shape(health.response, health.body?.status === 'healthy', 'healthy'));
  const branches = await json('/taxonomy/branches');
  const counts = Object.values(branches.body ?? {});
  const counted = counts.length > 0 && counts.every((count) => Number.isInteger(count));
  record('live: /taxonomy/branches', '/taxonomy/branches', '200, CORS *, a count per branch', shape(branches.response, counted, 'a count per branch'));
  const properties = await json('/properties/all');
  record('live: /properties/all', '/properties/all', '200, CORS *, a list', shape(properties.response, Array.isArray(properties.body?.properties), 'a list'));
  if (id !== undefined) {
    const graph = await json(`/explore/api/entity-graph/${id}`);
    const selected = (graph.body?.selected as { iri?: string } | undefined)?.iri ?? '';
    record(
      `live: ${id}: entity graph`,
      `/explore/api/entity-graph/${id}`,
      '200, CORS *, names the entity',
      shape(graph.response, selected.endsWith(id), 'names the entity'),
    );
  }
  const byCode = pages ? { reported: true, note: 'a host that runs no code serves the file at the path, or none' } : {};
  const query = label === undefined ? undefined : `/search/query?label=${encodeURIComponent(label)}&match_mode=exact&limit=1`;
  if (query !== undefined) {
    const found = await json(query);
    const classes = found.body?.classes;
    const exact = Array.isArray(classes) && classes.length === 1 && (classes[0] as { label?: unknown }).label === label;
    record('live: structured query', query, '200, CORS *, the class labelled so', shape(found.response, exact, 'the class labelled so'), byCode);
  }
  const missing = await json('/connections');
  const detail = missing.body?.detail;
  record(
    'live: /connections without a subject',
    '/connections',
    "422, CORS *, FastAPI's detail",
    shape(missing.response, Array.isArray(detail), "FastAPI's detail"),
    byCode,
  );
}
