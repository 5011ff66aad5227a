import { FORMATS, PAGE_CONTENT_TYPE, type FormatSpec } from '../route/router.ts';
import { NOT_FOUND_BODY } from '../schema/records.ts';
import { createSearchClient, normalize } from '../search/client/search-client.js';
import { mediaType, parseJson, probe, type FetchLike, type Probe } from './probe.ts';

export interface CheckResult {
  check: string;
  url: string;
  expected: string;
  got: string;
  ok: boolean;
}

export interface ConformanceOptions {
  /** Ids to check every format of; by default those the deployment's openapi.json and tree name. */
  ids?: string[];
  /** How many ids to take from the deployment when none are given. */
  sample: number;
  fetch: FetchLike;
}

const ORIGIN = 'https://conformance.example';
const UNKNOWN_ID = 'no-such-entity-conformance-check';

/**
 * The seed contract, checked over HTTP against any deployment: every format of a sample of ids (status 200
 * with no redirect, Content-Type, CORS), a CORS preflight, the 404 body, prefix search (the exact URL must
 * answer what the static index answers), openapi.json and /docs.
 */
export async function checkDeployment(baseUrl: string, options: ConformanceOptions): Promise<CheckResult[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const get = (path: string, init?: RequestInit) => probe(options.fetch, `${base}${path}`, { headers: { Origin: ORIGIN }, ...init });
  const results: CheckResult[] = [];
  const record = (check: string, path: string, expected: string, got: string, ok = expected === got) => {
    results.push({ check, url: `${base}${path}`, expected, got, ok });
  };

  const openapi = await get('/openapi.json');
  record('openapi.json', '/openapi.json', '200 application/json, openapi 3.1', describe(openapi, (body) => `openapi ${String((body as { openapi?: unknown }).openapi ?? '?').slice(0, 3)}`));
  const docs = await get('/docs/');
  record('/docs (Swagger UI)', '/docs/', '200 text/html, Swagger UI', `${docs.status} ${mediaType(docs.headers)}${/swagger-ui/i.test(docs.body) ? ', Swagger UI' : ''}`);

  const ids = options.ids ?? await discoverIds(openapi, get, options.sample);
  for (const id of ids) {
    for (const spec of FORMATS) await checkFormat(get, record, id, spec);
    const page = await get(`/${id}/html`);
    record(`${id}: page`, `/${id}/html`, `200 ${mediaType(new Headers({ 'content-type': PAGE_CONTENT_TYPE }))}, CORS *`, `${page.status} ${mediaType(page.headers)}${cors(page)}`);
  }
  const first = ids[0];
  if (first) {
    const preflight = await get(`/${first}`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' } });
    record('CORS preflight', `/${first}`, '2xx, CORS *', `${preflight.status >= 200 && preflight.status < 300 ? '2xx' : preflight.status}${cors(preflight)}`);
  }
  const missing = await get(`/${UNKNOWN_ID}`);
  record('unknown id', `/${UNKNOWN_ID}`, `404 ${JSON.stringify(NOT_FOUND_BODY)}`, `${missing.status} ${JSON.stringify(parseJson(missing.body) ?? missing.body.slice(0, 40))}`);
  await checkSearch(base, options.fetch, get, record, first);
  return results;
}

type Get = (path: string, init?: RequestInit) => Promise<Probe>;
type RecordCheck = (check: string, path: string, expected: string, got: string, ok?: boolean) => void;

async function checkFormat(get: Get, record: RecordCheck, id: string, spec: FormatSpec): Promise<void> {
  const path = `/${id}${spec.urlSuffix}`;
  const response = await get(path);
  const type = spec.contentType.split(';')[0];
  const parsed = spec.format === 'json' || spec.format === 'jsonld' ? parseJson(response.body) : undefined;
  const names = (value: unknown): boolean => typeof value === 'object' && value !== null && String((value as Record<string, unknown>).iri ?? (value as Record<string, unknown>)['@id'] ?? '').endsWith(id);
  const bodyOk = spec.format === 'xml' ? response.body.startsWith('<?xml') && response.body.includes(id) : spec.format === 'markdown' ? response.body.includes(id) : names(parsed);
  record(`${id}: ${spec.format}`, path, `200 ${type}, CORS *, names the entity`, `${response.status} ${mediaType(response.headers)}${cors(response)}${bodyOk ? ', names the entity' : ''}`);
}

async function checkSearch(base: string, fetchImpl: FetchLike, get: Get, record: RecordCheck, id: string | undefined): Promise<void> {
  const client = createSearchClient({ indexUrl: `${base}/search/`, fetch: (url: string) => fetchImpl(url) });
  const label = id ? (parseJson((await get(`/${id}`)).body) as { label?: string } | undefined)?.label : undefined;
  const query = [...normalize(label ?? 'a')].slice(0, 3).join('').trim() || 'a';
  const path = `/search/prefix?query=${encodeURIComponent(query)}`;
  const expected = await client.searchPrefix(query).then((answer) => JSON.stringify(answer), (error: unknown) => `(the index answers: ${String(error)})`);
  const answer = await get(path);
  const body = parseJson(answer.body);
  const same = body !== undefined && JSON.stringify(body) === expected;
  record('search: exact URL', path, '200 application/json, CORS *, the index\'s answer', `${answer.status} ${mediaType(answer.headers)}${cors(answer)}${same ? ', the index\'s answer' : ''}`);
  const bad = await get('/search/prefix?query=');
  const detail = (parseJson(bad.body) as { detail?: unknown } | undefined)?.detail;
  record('search: empty query', '/search/prefix?query=', '400 with a detail', `${bad.status}${typeof detail === 'string' ? ' with a detail' : ''}`);
}

async function discoverIds(openapi: Probe, get: Get, sample: number): Promise<string[]> {
  const ids = new Set<string>();
  const spec = parseJson(openapi.body) as { paths?: Record<string, { get?: { parameters?: { name: string; examples?: Record<string, { value: string }> }[] } }> } | undefined;
  for (const parameter of spec?.paths?.['/{id}']?.get?.parameters ?? []) {
    if (parameter.name === 'id') for (const example of Object.values(parameter.examples ?? {})) ids.add(example.value);
  }
  const tree = parseJson((await get('/tree/index.json')).body);
  if (Array.isArray(tree)) for (const entry of tree) if (Array.isArray(entry) && typeof entry[0] === 'string') ids.add(entry[0]);
  return [...ids].slice(0, sample);
}

function describe(response: Probe, detail: (body: unknown) => string): string {
  const body = parseJson(response.body);
  return `${response.status} ${mediaType(response.headers)}${body === undefined ? '' : `, ${detail(body)}`}`;
}

function cors(response: Probe): string {
  return response.headers.get('access-control-allow-origin') === '*' ? ', CORS *' : '';
}
