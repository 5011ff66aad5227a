// Which of the live service's read URLs a request names, and its answer (status and JSON body) from the graph:
// the one dispatcher the build's static files and the replay of the live service's recorded answers share.
import { entityGraph } from './entity-graph-view.ts';
import { health, type OntologySource } from './health-view.ts';
import type { LiveGraph } from './live-graph.ts';
import { allProperties, connections } from './property-views.ts';
import { branchCounts, branchWalk, treeData, treeNode } from './taxonomy-views.ts';

export interface LiveAnswer {
  status: number;
  body: unknown;
}

// FastAPI's answer to a path no route matches.
const NO_ROUTE: LiveAnswer = { status: 404, body: { detail: 'Not Found' } };

/** The answer to a live-service URL path with its query (`/taxonomy/event?max_depth=2`), or undefined for a path it does not serve here. */
export function answerLive(graph: LiveGraph, source: OntologySource, pathAndQuery: string): LiveAnswer | undefined {
  const url = new URL(pathAndQuery, 'http://live.invalid');
  const query = url.searchParams;
  const segments = url.pathname
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment));
  const [first, second, third, ...rest] = segments;
  if (first === 'info' && second === 'health' && third === undefined) return ok(health(graph, source));
  if (first === 'properties' && second === 'all' && third === undefined) return ok(allProperties(graph));
  if (first === 'connections' && second === undefined) {
    const subject = query.get('subject');
    if (subject === null) return missing('subject');
    const found = connections(graph, subject, query.get('property') ?? undefined, query.get('object') ?? undefined);
    return found ? ok(found) : { status: 404, body: { error: `Subject not found: ${subject}` } };
  }
  if (first === 'explore' && second === 'api' && third === 'entity-graph' && rest.length > 0) {
    const identifier = rest.join('/');
    const mode = query.get('mode') ?? 'ancestors';
    if (mode !== 'ancestors' && mode !== 'children') return invalid('mode', mode, "String should match pattern '^(ancestors|children)$'");
    const found = entityGraph(graph, identifier, mode);
    return found ? ok(found) : { status: 404, body: { error: `Entity not found: ${identifier}` } };
  }
  if (first !== 'taxonomy' || second === undefined) return undefined;
  if (second === 'branches' && third === undefined) return ok(branchCounts(graph));
  if (second === 'tree' && third === 'data' && rest.length === 0) {
    const depth = integer(query, 'max_depth', 1);
    return typeof depth === 'number' ? ok(treeData(graph, query.get('node_id') ?? '#')) : depth;
  }
  if (second === 'tree' && third === 'node' && rest.length === 1) {
    const found = treeNode(graph, rest[0]);
    return found ? ok(found) : { status: 404, body: { error: `Class not found for identifier: ${rest[0]}` } };
  }
  if (third !== undefined) return NO_ROUTE;
  const depth = integer(query, 'max_depth', 1);
  if (typeof depth !== 'number') return depth;
  const walked = branchWalk(graph, second, depth);
  return walked ? ok(walked) : NO_ROUTE;
}

function ok(body: unknown): LiveAnswer {
  return { status: 200, body };
}

/** A query parameter read as FastAPI reads an `int`: the default when absent, a 422 when not an integer. */
function integer(query: URLSearchParams, name: string, fallback: number): number | LiveAnswer {
  const text = query.get(name);
  if (text === null) return fallback;
  if (/^\s*[-+]?\d+\s*$/.test(text)) return Number.parseInt(text, 10);
  return invalid(name, text, 'Input should be a valid integer, unable to parse string as an integer');
}

function missing(name: string): LiveAnswer {
  return { status: 422, body: { detail: [{ type: 'missing', loc: ['query', name], msg: 'Field required', input: null }] } };
}

function invalid(name: string, input: string, msg: string): LiveAnswer {
  return { status: 422, body: { detail: [{ type: 'value_error', loc: ['query', name], msg, input }] } };
}
