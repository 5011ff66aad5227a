// The live service's read URLs that take a query string (docs/live-api.md), answered from the files a build writes
// (route/paths.ts: the live files and the `_live/` data). Part of the search core every runtime runs (see
// search-core.js), in the JavaScript njs 0.7 runs: no classes, spread, destructuring, default parameters, for…of,
// optional chaining, Map or Set.
import { compareCodePoints } from './search-text.js';

const LIVE_LEGACY_PREFIXES = ['folio:', 'soli:', 'lmss:', 'http://lmss.sali.org/'];
// FastAPI's answer to a path no route matches.
export const LIVE_NO_ROUTE = { status: 404, body: { detail: 'Not Found' } };

/**
 * @typedef {(path: string) => Promise<any>} ReadLiveFile reads a file of the build by its path below the base
 *   (`_live/index.json`), parsed; resolves to undefined when there is none
 * @typedef {{ status: number, body: unknown }} LiveAnswer
 */

/**
 * The answer to a live URL with its query string, or undefined where the file at the path answers it (no query
 * string that changes it) or the path is none of them.
 * @param {string} path below the base path, with its leading "/" @param {string} search the query string
 * @param {(name: string) => string | undefined} parameter a query parameter's value (queryParameter over `search`)
 * @param {ReadLiveFile} read
 * @returns {Promise<LiveAnswer | undefined>}
 */
export async function answerLiveQuery(path, search, parameter, read) {
  const segments = path.split('/');
  if (path === '/connections') return answerConnections(parameter, read);
  if (segments[1] === 'explore' && segments[2] === 'api' && segments[3] === 'entity-graph' && segments.length > 4) {
    const mode = liveMode(parameter);
    if (mode === 'ancestors') return undefined;
    if (typeof mode !== 'string') return mode;
    return answerChildrenGraph(decodeSegments(segments.slice(4)).join('/'), read);
  }
  if (segments[1] !== 'taxonomy' || segments.length < 3) return undefined;
  if (path === '/taxonomy/tree/data') {
    const depth = liveInteger(parameter, 'max_depth');
    if (typeof depth !== 'number') return depth;
    const node = parameter('node_id');
    if (node === undefined || node === '#') return undefined;
    return answerTreeChildren(node, read);
  }
  if (segments.length !== 3 || segments[2] === 'branches' || segments[2] === 'tree') return undefined;
  const depth = liveInteger(parameter, 'max_depth');
  if (typeof depth !== 'number') return depth;
  if (depth === 1 && search.indexOf('max_depth') < 0) return undefined;
  const segment = decodeSegments([segments[2]])[0];
  // A segment is a file name: one that would climb out of the folder names no branch.
  if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0 || segment.charAt(0) === '.') return LIVE_NO_ROUTE;
  const walk = await read('_live/walks/' + segment + '.json');
  if (walk === undefined) return LIVE_NO_ROUTE;
  /** @type {unknown[]} */
  const classes = [];
  for (let at = 0; at < walk.classes.length; at += 1) if (depth < 0 || walk.depths[at] <= depth) classes.push(walk.classes[at]);
  return { status: 200, body: { classes: classes, properties: [] } };
}

/** @param {string[]} parts */
function decodeSegments(parts) {
  const decoded = [];
  for (let at = 0; at < parts.length; at += 1) decoded.push(decodeURIComponent(parts[at]));
  return decoded;
}

/**
 * The id an identifier names under the base IRI: the IRI's local part, a legacy prefixed name's, or the id itself;
 * undefined for an IRI outside the base. @param {string} identifier @param {string} base
 */
function localId(identifier, base) {
  if (identifier.indexOf(base) === 0) return identifier.slice(base.length);
  let local = identifier;
  for (let at = 0; at < LIVE_LEGACY_PREFIXES.length; at += 1) {
    if (local.indexOf(LIVE_LEGACY_PREFIXES[at]) === 0) local = local.slice(LIVE_LEGACY_PREFIXES[at].length);
  }
  // An id is one file name: nothing that climbs out of its folder.
  return local.indexOf('/') < 0 && local.indexOf('\\') < 0 && local.charAt(0) !== '.' ? local : undefined;
}

/** The explorer graph's last resort for an identifier: an IRI's last segment. @param {string} identifier @param {string} base */
function graphId(identifier, base) {
  const local = localId(identifier, base);
  if (local !== undefined) return local;
  const parts = identifier.replace(/\/+$/, '').split('/');
  const last = parts[parts.length - 1];
  return last.indexOf('\\') < 0 && last.charAt(0) !== '.' ? last : undefined;
}

/** `/taxonomy/tree/data?node_id=`: the class's children as the tree lists them. @param {string} node @param {ReadLiveFile} read */
async function answerTreeChildren(node, read) {
  const entry = await read('_live/index.json');
  const id = localId(node, entry.base);
  const list = id === undefined ? undefined : await read('_live/children/' + id + '.json');
  /** @type {{ id: string, text: string, children: boolean, data: object }[]} */
  const items = [];
  if (list === undefined || list.type !== 'class') return { status: 200, body: items };
  for (let at = 0; at < list.children.length; at += 1) {
    const child = list.children[at];
    items.push({
      id: child[0],
      text: child[1] || 'Unnamed Class',
      children: child[3],
      data: { iri: child[0], definition: child[2] || 'No definition available', type: 'subclass' },
    });
  }
  items.sort((a, b) => compareCodePoints(a.text.toLowerCase(), b.text.toLowerCase()));
  return { status: 200, body: items };
}

/** The entity graph's `mode=children`: the direct children by label. @param {string} identifier @param {ReadLiveFile} read */
async function answerChildrenGraph(identifier, read) {
  const entry = await read('_live/index.json');
  const id = graphId(identifier, entry.base);
  const list = id === undefined ? undefined : await read('_live/children/' + id + '.json');
  if (list === undefined) {
    // Known but childless: its ancestors' file says what it is.
    const graph = id === undefined ? undefined : await read('explore/api/entity-graph/' + id);
    if (graph === undefined) return { status: 404, body: { error: 'Entity not found: ' + identifier } };
    return { status: 200, body: { parent_iri: graph.selected.iri, children: [] } };
  }
  // Sorted by label, or the IRI where there is none, lower-cased; each paired with that key while it sorts.
  const keyed = [];
  for (let at = 0; at < list.children.length; at += 1) {
    const child = list.children[at];
    keyed.push([(child[1] || child[0]).toLowerCase(), { iri: child[0], label: child[1] || 'Unnamed', type: list.type, child_count: child[4] }]);
  }
  keyed.sort((a, b) => compareCodePoints(a[0], b[0]));
  const children = [];
  for (let at = 0; at < keyed.length; at += 1) children.push(keyed[at][1]);
  return { status: 200, body: { parent_iri: list.iri, children: children } };
}

/** `/connections?subject=&property=&object=`. @param {(name: string) => string | undefined} parameter @param {ReadLiveFile} read */
async function answerConnections(parameter, read) {
  const subject = parameter('subject');
  if (subject === undefined) return liveMissing('subject');
  const entry = await read('_live/index.json');
  const id = localId(subject, entry.base);
  // A class the live service holds has a tree node.
  const node = id === undefined ? undefined : await read('taxonomy/tree/node/' + id);
  if (node === undefined) return { status: 404, body: { error: 'Subject not found: ' + subject } };
  const property = parameter('property');
  let label = property;
  if (property !== undefined) {
    const propertyId = localId(property, entry.base);
    const all = await read('properties/all');
    for (let at = 0; at < all.properties.length; at += 1) {
      if (propertyId !== undefined && all.properties[at].iri === entry.base + propertyId) {
        label = all.properties[at].label;
        break;
      }
    }
  }
  const object = parameter('object');
  const objectId = object === undefined ? undefined : localId(object, entry.base);
  const objectIri = object === undefined ? undefined : objectId === undefined ? object : entry.base + objectId;
  const found = [];
  for (let at = 0; at < entry.connections.length; at += 1) {
    const row = entry.connections[at];
    if (row[1].subject.iri !== node.iri) continue;
    if (label !== undefined && row[0] !== label) continue;
    if (objectIri !== undefined && row[1].object.iri !== objectIri) continue;
    found.push(row[1]);
  }
  return { status: 200, body: found };
}

/**
 * The query parameters as the live service (FastAPI) reads them: each value, or the 422 it answers, for the
 * dispatcher over the model (generator/live/live-routes.ts) and the hosts' code alike.
 * @typedef {(name: string) => string | undefined} LiveParameter
 */

/** The entity graph's `mode` (default `ancestors`), or its 422. @param {LiveParameter} parameter @returns {'ancestors' | 'children' | LiveAnswer} */
export function liveMode(parameter) {
  const mode = parameter('mode');
  if (mode === undefined || mode === 'ancestors' || mode === 'children') return mode === undefined ? 'ancestors' : mode;
  return liveInvalid('mode', mode, "String should match pattern '^(ancestors|children)$'");
}

/** A parameter FastAPI reads as an `int` (default 1), or its 422. @param {LiveParameter} parameter @param {string} name @returns {number | LiveAnswer} */
export function liveInteger(parameter, name) {
  const text = parameter(name);
  if (text === undefined) return 1;
  if (/^\s*[-+]?\d+\s*$/.test(text)) return parseInt(text, 10);
  return liveInvalid(name, text, 'Input should be a valid integer, unable to parse string as an integer');
}

/** FastAPI's 422 for a query parameter it cannot read. @param {string} name @param {string} input @param {string} msg @returns {LiveAnswer} */
function liveInvalid(name, input, msg) {
  return { status: 422, body: { detail: [{ type: 'value_error', loc: ['query', name], msg: msg, input: input }] } };
}

/** FastAPI's 422 for a required query parameter that is absent. @param {string} name @returns {LiveAnswer} */
export function liveMissing(name) {
  return { status: 422, body: { detail: [{ type: 'missing', loc: ['query', name], msg: 'Field required', input: null }] } };
}

/** Whether a path below the base is one answerLiveQuery may answer: what a host routes to its code. @param {string} path */
export function isLiveQueryPath(path) {
  return path === '/connections' || path.indexOf('/taxonomy/') === 0 || path.indexOf('/explore/api/entity-graph/') === 0;
}
