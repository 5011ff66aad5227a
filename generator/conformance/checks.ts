import { FORMATS, PAGE_CONTENT_TYPE, SITE_IDS_OF_ANY_LAYOUT, TREE_ROOT_FILE, type FormatSpec, type HostName } from '../route/router.ts';
import { NOT_FOUND_BODY } from '../schema/records.ts';
import { createSearchClient, normalize, SearchQueryError } from '../search/client/search-client.js';
import { type CheckResult, cors, type Get, type RecordCheck } from './check-result.ts';
import { checkLive } from './live-checks.ts';
import { checkDownloads } from './download-checks.ts';

export type { CheckResult };
import { mediaType, parseJson, probe, statesAbout, type FetchLike, type Probe } from './probe.ts';

export interface ConformanceOptions {
  /** Ids to check every format of; by default those the deployment's openapi.json and tree name. */
  ids?: string[];
  /** How many ids to take from the deployment when none are given. */
  sample: number;
  fetch: FetchLike;
  /**
   * The host the deployment is laid out for. `github-pages`: the body, status, no redirect and CORS of every
   * URL are checked, the Content-Type GitHub chose is reported, and search goes through the client module.
   */
  host?: HostName;
}

const ORIGIN = 'https://conformance.example';
const UNKNOWN_ID = 'no-such-entity-conformance-check';
const MALFORMED_ESCAPE = '/%E0%A4%A';
const MALFORMED_PATHS = [MALFORMED_ESCAPE, '/no-such%2Fentity', '/no-such%2Fentity/xml'];

/**
 * The seed contract, checked over HTTP against any deployment: every format of a sample of ids (status 200
 * with no redirect, Content-Type, CORS), a CORS preflight, the 404 body, prefix search (the exact URL must
 * answer what the static index answers), openapi.json and /docs, the live service's other read URLs, and the
 * whole-ontology downloads.
 */
export async function checkDeployment(baseUrl: string, options: ConformanceOptions): Promise<CheckResult[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const pages = options.host === 'github-pages';
  const get = (path: string, init?: RequestInit) => probe(options.fetch, `${base}${path}`, { headers: { Origin: ORIGIN }, ...init });
  const results: CheckResult[] = [];
  const record: RecordCheck = (check, path, expected, got, extra = {}) => {
    results.push({ check, url: `${base}${path}`, expected, got, ok: extra.reported === true || expected === got, ...extra });
  };
  // On GitHub Pages the Content-Type is the host's to choose: reported beside the row, not compared.
  const typed = (type: string, response: Probe) => (pages ? '' : ` ${type === '' ? mediaType(response.headers) : type}`);
  const servedAs = (response: Probe) => (pages ? { note: `served as ${mediaType(response.headers)}` } : {});

  const openapi = await get('/openapi.json');
  record(
    'openapi.json',
    '/openapi.json',
    `200${typed('application/json', openapi)}, openapi 3.1`,
    `${openapi.status}${typed('', openapi)}${describeBody(openapi, (body) => `openapi ${String((body as { openapi?: unknown }).openapi ?? '?').slice(0, 3)}`)}`,
    servedAs(openapi),
  );
  // GitHub Pages would redirect the folder's URL; that layout writes a page at `/docs` itself.
  const docsPath = pages ? '/docs' : '/docs/';
  const docs = await get(docsPath);
  record(
    '/docs (Swagger UI)',
    docsPath,
    `200${typed('text/html', docs)}, Swagger UI`,
    `${docs.status}${typed('', docs)}${/swagger-ui/i.test(docs.body) ? ', Swagger UI' : ''}`,
    servedAs(docs),
  );

  const ids = options.ids ?? (await discoverIds(openapi, get, options.sample));
  for (const id of ids) {
    for (const spec of FORMATS) {
      const response = await get(`/${id}${spec.urlSuffix}`);
      record(
        `${id}: ${spec.format}`,
        `/${id}${spec.urlSuffix}`,
        `200${typed(spec.contentType.split(';')[0], response)}, CORS *, names the entity`,
        `${response.status}${typed('', response)}${cors(response)}${namesEntity(response, spec, id) ? ', names the entity' : ''}`,
        servedAs(response),
      );
    }
    const page = await get(`/${id}/html`);
    const pageNamesIt = /<html/i.test(page.body) && page.body.includes(id);
    record(
      `${id}: page`,
      `/${id}/html`,
      `200${typed(PAGE_CONTENT_TYPE.split(';')[0], page)}, CORS *${pages ? ', names the entity' : ''}`,
      `${page.status}${typed('', page)}${cors(page)}${pages && pageNamesIt ? ', names the entity' : ''}`,
      servedAs(page),
    );
  }
  const first = ids[0];
  if (first) {
    const preflight = await get(`/${first}`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' } });
    // Browsers send no preflight for the plain GETs the contract needs; GitHub answers OPTIONS as it likes.
    record(
      'CORS preflight',
      `/${first}`,
      '2xx, CORS *',
      `${preflight.status >= 200 && preflight.status < 300 ? '2xx' : preflight.status}${cors(preflight)}`,
      pages ? { reported: true, note: 'a plain GET needs none' } : {},
    );
  }
  const missing = await get(`/${UNKNOWN_ID}`);
  // GitHub Pages adds CORS to its 404s, so a cross-origin caller can read the body.
  record(
    'unknown id',
    `/${UNKNOWN_ID}`,
    `404 ${JSON.stringify(NOT_FOUND_BODY)}${pages ? ', CORS *' : ''}`,
    `${missing.status} ${JSON.stringify(parseJson(missing.body) ?? missing.body.slice(0, 40))}${pages ? cors(missing) : ''}`,
    servedAs(missing),
  );
  // A path no client builds from an IRI (a malformed escape, an encoded slash) answers the same 404, never an error.
  // GitHub Pages answers a malformed escape itself, before any file: reported there.
  for (const path of MALFORMED_PATHS) {
    const odd = await get(path);
    const hostDecides = pages && path === MALFORMED_ESCAPE ? { reported: true, note: `the host's own answer, before any file` } : servedAs(odd);
    record(
      'malformed path',
      path,
      `404 ${JSON.stringify(NOT_FOUND_BODY)}${pages ? ', CORS *' : ''}`,
      `${odd.status} ${JSON.stringify(parseJson(odd.body) ?? odd.body.slice(0, 40))}${pages ? cors(odd) : ''}`,
      hostDecides,
    );
  }
  const label = first ? (parseJson((await get(`/${first}`)).body) as { label?: string } | undefined)?.label : undefined;
  const query = [...normalize(label ?? 'a')].slice(0, 3).join('').trim() || 'a';
  await (pages ? checkClientSearch(base, options.fetch, get, record, query) : checkSearch(base, options.fetch, get, record, query));
  await checkLive(get, record, { pages, id: first, label });
  await checkDownloads(base, options.fetch, ORIGIN, record, pages);
  return results;
}

function namesEntity(response: Probe, spec: FormatSpec, id: string): boolean {
  if (spec.format === 'xml') return response.body.startsWith('<?xml') && response.body.includes(id);
  if (spec.format === 'markdown') return response.body.includes(id);
  if (spec.format === 'ttl' || spec.format === 'nt') return statesAbout(response.body, spec.format, id);
  const parsed = parseJson(response.body);
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    String((parsed as Record<string, unknown>).iri ?? (parsed as Record<string, unknown>)['@id'] ?? '').endsWith(id)
  );
}

async function checkSearch(base: string, fetchImpl: FetchLike, get: Get, record: RecordCheck, query: string): Promise<void> {
  const client = createSearchClient({ indexUrl: `${base}/search/`, fetch: (url: string) => fetchImpl(url) });
  const path = `/search/prefix?query=${encodeURIComponent(query)}`;
  const expected = await client.searchPrefix(query).then(
    (answer) => JSON.stringify(answer),
    (error: unknown) => `(the index answers: ${String(error)})`,
  );
  const answer = await get(path);
  const body = parseJson(answer.body);
  const same = body !== undefined && JSON.stringify(body) === expected;
  record(
    'search: exact URL',
    path,
    "200 application/json, CORS *, the index's answer",
    `${answer.status} ${mediaType(answer.headers)}${cors(answer)}${same ? ", the index's answer" : ''}`,
  );
  const bad = await get('/search/prefix?query=');
  const detail = (parseJson(bad.body) as { detail?: unknown } | undefined)?.detail;
  record('search: empty query', '/search/prefix?query=', '400 with a detail', `${bad.status}${typeof detail === 'string' ? ' with a detail' : ''}`);
}

/**
 * Search on a host that runs no code: the client module is served with CORS, and answers from the index as a
 * caller on another origin would have it (every file it fetches with CORS *, no redirect); the exact URL, which
 * only the site's service worker answers, is reported.
 */
async function checkClientSearch(base: string, fetchImpl: FetchLike, get: Get, record: RecordCheck, query: string): Promise<void> {
  const module = await get('/search/client.js');
  record(
    'search: client module',
    '/search/client.js',
    '200, CORS *, an ES module',
    `${module.status}${cors(module)}${/export function createSearchClient/.test(module.body) ? ', an ES module' : ''}`,
    { note: `served as ${mediaType(module.headers)}` },
  );
  const fetched: Probe[] = [];
  const client = createSearchClient({
    indexUrl: `${base}/search/`,
    fetch: async (url: string) => {
      const response = await probe(fetchImpl, url, { headers: { Origin: ORIGIN } });
      fetched.push(response);
      return new Response(response.body, { status: response.status, headers: response.headers });
    },
  });
  const answer = await client.searchPrefix(query).then(
    (body) => `${body.total_classes + body.total_properties} result(s)`,
    (error: unknown) => `fails: ${String(error)}`,
  );
  const allCors = fetched.length > 0 && fetched.every((response) => response.status === 200 && cors(response) !== '');
  const path = `/search/index.json (query ${JSON.stringify(query)})`;
  record(
    'search: the index, cross-origin',
    path,
    'answers, every file 200 with CORS *',
    `${/^fails/.test(answer) ? answer : 'answers'}${allCors ? ', every file 200 with CORS *' : `, files: ${fetched.map((response) => `${response.status}${cors(response)}`).join(' ')}`}`,
    { note: `${answer}, ${fetched.length} file(s)` },
  );
  const empty = await client.searchPrefix('').then(
    () => 'answers',
    (error: unknown) =>
      error instanceof SearchQueryError
        ? `${error.status}${typeof (error.body as { detail?: unknown }).detail === 'string' ? ' with a detail' : ''}`
        : String(error),
  );
  record('search: empty query, by the client', '/search/client.js', '400 with a detail', empty);
  const exact = await get(`/search/prefix?query=${encodeURIComponent(query)}`);
  record(
    'search: exact URL',
    `/search/prefix?query=${encodeURIComponent(query)}`,
    "answered in the site's pages by its service worker",
    `${exact.status} ${mediaType(exact.headers)} outside them`,
    { reported: true, note: 'callers elsewhere use the client module' },
  );
}

async function discoverIds(openapi: Probe, get: Get, sample: number): Promise<string[]> {
  const ids = new Set<string>();
  const spec = parseJson(openapi.body) as
    | { paths?: Record<string, { get?: { parameters?: { name: string; examples?: Record<string, { value: string }> }[] } }> }
    | undefined;
  for (const parameter of spec?.paths?.['/{id}']?.get?.parameters ?? []) {
    if (parameter.name === 'id') for (const example of Object.values(parameter.examples ?? {})) ids.add(example.value);
  }
  const tree = parseJson((await get(`/${TREE_ROOT_FILE}`)).body);
  // An id the site's own page answers has no record to check.
  if (Array.isArray(tree))
    for (const entry of tree) if (Array.isArray(entry) && typeof entry[0] === 'string' && !SITE_IDS_OF_ANY_LAYOUT.has(entry[0])) ids.add(entry[0]);
  return [...ids].slice(0, sample);
}

function describeBody(response: Probe, detail: (body: unknown) => string): string {
  const body = parseJson(response.body);
  return body === undefined ? '' : `, ${detail(body)}`;
}
