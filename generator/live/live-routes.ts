// Which of the live service's read URLs a request names, and its answer (status and JSON body) from the model's
// graph: what the replay of the live service's recorded answers checks, and what the hosts' code (the search core's
// live-answers.js, over the build's files) is held to. Query parameters are read by the core's rules.
import { entityGraph } from './entity-graph-view.ts';
import { health, type OntologySource } from './health-view.ts';
import type { LiveGraph } from './live-graph.ts';
import { allProperties, connections } from './property-views.ts';
import { branchCounts, branchWalk, treeData, treeNode } from './taxonomy-views.ts';
import { answerStructuredQuery, LIVE_NO_ROUTE, liveInteger, liveMissing, liveMode } from '../search/core/search-core.js';
import { queryCorpus } from './query-corpus.ts';

export interface LiveAnswer {
  status: number;
  body: unknown;
}

/** The answer to a live-service URL path with its query (`/taxonomy/event?max_depth=2`), or undefined for a path it does not serve here. */
export function answerLive(graph: LiveGraph, source: OntologySource, pathAndQuery: string): LiveAnswer | undefined {
  const url = new URL(pathAndQuery, 'http://live.invalid');
  const query = url.searchParams;
  const parameter = (name: string) => query.get(name) ?? undefined;
  const segments = url.pathname
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment));
  const [first, second, third, ...rest] = segments;
  if (first === 'info' && second === 'health' && third === undefined) return ok(health(graph, source));
  if (first === 'properties' && second === 'all' && third === undefined) return ok(allProperties(graph));
  if (first === 'connections' && second === undefined) {
    const subject = query.get('subject');
    if (subject === null) return liveMissing('subject');
    const found = connections(graph, subject, query.get('property') ?? undefined, query.get('object') ?? undefined);
    return found ? ok(found) : { status: 404, body: { error: `Subject not found: ${subject}` } };
  }
  if (first === 'explore' && second === 'api' && third === 'entity-graph' && rest.length > 0) {
    const identifier = rest.join('/');
    const mode = liveMode(parameter);
    if (typeof mode !== 'string') return mode;
    const found = entityGraph(graph, identifier, mode);
    return found ? ok(found) : { status: 404, body: { error: `Entity not found: ${identifier}` } };
  }
  if (first !== 'taxonomy' || second === undefined) return undefined;
  if (second === 'branches' && third === undefined) return ok(branchCounts(graph));
  if (second === 'tree' && third === 'data' && rest.length === 0) {
    const depth = liveInteger(parameter, 'max_depth', 1);
    return typeof depth === 'number' ? ok(treeData(graph, query.get('node_id') ?? '#')) : depth;
  }
  if (second === 'tree' && third === 'node' && rest.length === 1) {
    const found = treeNode(graph, rest[0]);
    return found ? ok(found) : { status: 404, body: { error: `Class not found for identifier: ${rest[0]}` } };
  }
  if (third !== undefined) return LIVE_NO_ROUTE;
  const depth = liveInteger(parameter, 'max_depth', 1);
  if (typeof depth !== 'number') return depth;
  const walked = branchWalk(graph, second, depth);
  return walked ? ok(walked) : LIVE_NO_ROUTE;
}

function ok(body: unknown): LiveAnswer {
  return { status: 200, body };
}

// Each graph's query corpus, parsed, by path: what the core reads in place of the files a build writes.
const corpora = new WeakMap<LiveGraph, Map<string, unknown>>();

/**
 * The answer to a structured query (`/search/query?…`, `/search/query_properties?…`), or undefined for another
 * path: the search core's, over the graph's query corpus as a build writes it.
 */
export async function answerLiveSearch(graph: LiveGraph, pathAndQuery: string): Promise<LiveAnswer | undefined> {
  const url = new URL(pathAndQuery, 'http://live.invalid');
  const [first, kind, rest] = url.pathname.split('/').slice(1);
  if (first !== 'search' || rest !== undefined) return undefined;
  let files = corpora.get(graph);
  if (!files) corpora.set(graph, (files = new Map(queryCorpus(graph).files.map((file) => [file.path, JSON.parse(file.contents)]))));
  const corpus = files;
  const parameter = (name: string) => url.searchParams.get(name) ?? undefined;
  return answerStructuredQuery(
    kind,
    parameter,
    async (path: string) => corpus.get(path),
    (id: string) => graph.classOf(`${graph.baseIri}${id}`),
  );
}
