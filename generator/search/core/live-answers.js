// The live service's read URLs that take a query string (docs/live-api.md), answered from the files a build writes
// (route/paths.ts: the live files and the `_live/` data). Part of the search core every runtime runs (see
// search-core.js), in the JavaScript njs 0.7 runs: no classes, spread, destructuring, default parameters, for…of,
// optional chaining, Map or Set.
import { compareCodePoints } from './search-text.js';
import { LIVE_NO_ROUTE, liveInteger, liveLocalId, liveMissing, liveMode } from './live-parameters.js';
import { answerStructuredQuery } from './live-query.js';

/**
 * The answer to a live URL with its query string, or undefined where the file at the path answers it (no query
 * string that changes it) or the path is none of them.
 * @param {string} path below the base path, with its leading "/" @param {string} search the query string
 * @param {(name: string) => string | undefined} parameter a query parameter's value (queryParameter over `search`)
 * @param {import('./live-parameters.js').ReadLiveFile} read @param {import('./live-query.js').ReadLiveRecord} readRecord the structured queries' results' records
 * @returns {Promise<import('./live-parameters.js').LiveAnswer | undefined>}
 */
export async function answerLiveQuery(path, search, parameter, read, readRecord) {
  const segments = path.split('/');
  if (path === '/connections') return answerConnections(parameter, read);
  if (path === '/search/query' || path === '/search/query_properties') return answerStructuredQuery(segments[2], parameter, read, readRecord);
  if (segments[1] === 'explore' && segments[2] === 'api' && segments[3] === 'entity-graph' && segments.length > 4) {
    const mode = liveMode(parameter);
    if (mode === 'ancestors') return undefined;
    if (typeof mode !== 'string') return mode;
    return answerChildrenGraph(decodeSegments(segments.slice(4)).join('/'), read);
  }
  if (segments[1] !== 'taxonomy' || segments.length < 3) return undefined;
  if (path === '/taxonomy/tree/data') {
    const depth = liveInteger(parameter, 'max_depth', 1);
    if (typeof depth !== 'number') return depth;
    const node = parameter('node_id');
    if (node === undefined || node === '#') return undefined;
    return answerTreeChildren(node, read);
  }
  if (segments.length !== 3 || segments[2] === 'branches' || segments[2] === 'tree') return undefined;
  const depth = liveInteger(parameter, 'max_depth', 1);
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

/** Path segments decoded; one whose escapes are malformed is kept as it is (it names nothing). @param {string[]} parts */
function decodeSegments(parts) {
  const decoded = [];
  for (let at = 0; at < parts.length; at += 1) {
    try {
      decoded.push(decodeURIComponent(parts[at]));
    } catch (_malformed) {
      decoded.push(parts[at]);
    }
  }
  return decoded;
}

/** The explorer graph's last resort for an identifier: an IRI's last segment. @param {string} identifier @param {string} base */
function graphId(identifier, base) {
  const local = liveLocalId(identifier, base);
  if (local !== undefined) return local;
  const parts = identifier.replace(/\/+$/, '').split('/');
  const last = parts[parts.length - 1];
  return last.indexOf('\\') < 0 && last.charAt(0) !== '.' ? last : undefined;
}

/** `/taxonomy/tree/data?node_id=`: the class's children as the tree lists them. @param {string} node @param {import('./live-parameters.js').ReadLiveFile} read */
async function answerTreeChildren(node, read) {
  const entry = await read('_live/index.json');
  const id = liveLocalId(node, entry.base);
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

/** The entity graph's `mode=children`: the direct children by label. @param {string} identifier @param {import('./live-parameters.js').ReadLiveFile} read */
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

/** `/connections?subject=&property=&object=`. @param {(name: string) => string | undefined} parameter @param {import('./live-parameters.js').ReadLiveFile} read */
async function answerConnections(parameter, read) {
  const subject = parameter('subject');
  if (subject === undefined) return liveMissing('subject');
  const entry = await read('_live/index.json');
  const id = liveLocalId(subject, entry.base);
  // A class the live service holds has a tree node.
  const node = id === undefined ? undefined : await read('taxonomy/tree/node/' + id);
  if (node === undefined) return { status: 404, body: { error: 'Subject not found: ' + subject } };
  const property = parameter('property');
  let label = property;
  if (property !== undefined) {
    const propertyId = liveLocalId(property, entry.base);
    const all = await read('properties/all');
    for (let at = 0; at < all.properties.length; at += 1) {
      if (propertyId !== undefined && all.properties[at].iri === entry.base + propertyId) {
        label = all.properties[at].label;
        break;
      }
    }
  }
  const object = parameter('object');
  const objectId = object === undefined ? undefined : liveLocalId(object, entry.base);
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

/** Whether a path below the base is one answerLiveQuery may answer: what a host routes to its code. @param {string} path */
export function isLiveQueryPath(path) {
  return (
    path === '/connections' ||
    path === '/search/query' ||
    path === '/search/query_properties' ||
    path.indexOf('/taxonomy/') === 0 ||
    path.indexOf('/explore/api/entity-graph/') === 0
  );
}
