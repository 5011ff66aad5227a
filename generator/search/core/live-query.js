// The live service's structured queries, `/search/query` (classes) and `/search/query_properties`, answered from the
// query corpus a build writes (generator/live/query-corpus.ts): folio-python's FOLIO.query and query_properties,
// every class (property) in document order kept while it passes each filter given, up to `limit`. Part of the
// search core (njs 0.7: see search-core.js).
import { partialRatioAtLeast } from './fuzzy-ratio.js';
import { liveBoolean, liveInteger, liveLocalId } from './live-parameters.js';

// The live service's depth for a branch's or a parent's descendants (folio-python's DEFAULT_MAX_DEPTH).
const DESCENDANT_DEPTH = 16;
const DEPRECATED = 1;
const HAS_CHILDREN = 2;
/** The query corpus's entry file, below the base path: it names the corpus's files, each named by its content. */
export const LIVE_QUERY_ENTRY = '_live/query.json';
/** The folder of the files it names (below the base path). */
export const LIVE_QUERY_FOLDER = '_live/query/';

/**
 * @typedef {(id: string) => unknown} ReadLiveRecord an entity's record (`GET /{id}`), or a promise of it
 * @typedef {(text: string | null | undefined) => boolean} TextTest
 */

/**
 * `/search/query` or `/search/query_properties` (`kind`: `query`, `query_properties`), or undefined for another kind.
 * @param {string} kind @param {import('./live-parameters.js').LiveParameter} parameter @param {import('./live-parameters.js').ReadLiveFile} read @param {ReadLiveRecord} readRecord
 * @returns {Promise<import('./live-parameters.js').LiveAnswer | undefined>}
 */
export async function answerStructuredQuery(kind, parameter, read, readRecord) {
  if (kind !== 'query' && kind !== 'query_properties') return undefined;
  const limit = liveInteger(parameter, 'limit', 20);
  if (typeof limit !== 'number') return limit;
  const mode = parameter('match_mode');
  /** @type {{ [name: string]: TextTest }} */
  const tests = {};
  const names = kind === 'query' ? ['label', 'definition', 'alt_label', 'example', 'any_text', 'country'] : ['label', 'definition'];
  for (let at = 0; at < names.length; at += 1) {
    const pattern = parameter(names[at]);
    if (pattern === undefined) continue;
    const test = textTest(mode === undefined ? 'substring' : mode, pattern);
    if (typeof test !== 'function') return test;
    tests[names[at]] = test;
  }
  const entry = await read(LIVE_QUERY_ENTRY);
  if (kind === 'query_properties') return answerProperties(parameter, tests, limit, entry, read);
  return answerClasses(parameter, tests, limit, entry, read, readRecord);
}

/**
 * How a filter's pattern matches a text in each `match_mode` (an unknown one matches none; a missing text, none);
 * a pattern that is no regular expression is a 400, where the live service fails with a 500.
 * @param {string} mode @param {string} pattern @returns {TextTest | import('./live-parameters.js').LiveAnswer}
 */
function textTest(mode, pattern) {
  const matches = matcher(mode, pattern);
  if (typeof matches !== 'function') return matches;
  return (text) => text !== null && text !== undefined && matches(text);
}

/**
 * A mode's match of a pattern against a text there is, or the 400 of a pattern that is no regular expression.
 * @param {string} mode @param {string} pattern @returns {((text: string) => boolean) | import('./live-parameters.js').LiveAnswer}
 */
function matcher(mode, pattern) {
  const lower = pattern.toLowerCase();
  if (mode === 'exact') return (text) => text === pattern;
  if (mode === 'substring') return (text) => text.toLowerCase().indexOf(lower) >= 0;
  if (mode === 'fuzzy') return (text) => partialRatioAtLeast(lower, text.toLowerCase(), 70);
  if (mode !== 'regex') return () => false;
  let expression;
  try {
    expression = new RegExp(pythonPattern(pattern), 'i');
  } catch (error) {
    return { status: 400, body: { detail: 'match_mode=regex: ' + (error instanceof Error ? error.message : String(error)) } };
  }
  return (text) => expression.test(text);
}

/**
 * A Python regular expression in JavaScript's syntax, where the two spell the same thing differently: named groups
 * and their back-references, and the anchors of the whole text (docs/live-api.md lists what still differs).
 * @param {string} pattern
 */
function pythonPattern(pattern) {
  return pattern
    .replace(/\(\?P</g, '(?<')
    .replace(/\(\?P=(\w+)\)/g, '\\k<$1>')
    .replace(/\\A/g, '^')
    .replace(/\\Z/g, '$(?![\\s\\S])');
}

/** @param {TextTest} test @param {(string | null)[] | undefined} texts */
function anyOf(test, texts) {
  if (!texts) return false;
  for (let at = 0; at < texts.length; at += 1) if (test(texts[at])) return true;
  return false;
}

/**
 * The classes: structural filters first (deprecated, branch, parent, children, country), then the text filters.
 * @param {import('./live-parameters.js').LiveParameter} parameter @param {{ [name: string]: TextTest }} tests @param {number} limit
 * @param {any} entry @param {import('./live-parameters.js').ReadLiveFile} read @param {ReadLiveRecord} readRecord @returns {Promise<import('./live-parameters.js').LiveAnswer>}
 */
async function answerClasses(parameter, tests, limit, entry, read, readRecord) {
  const hasChildren = liveBoolean(parameter, 'has_children', undefined);
  if (typeof hasChildren === 'object') return hasChildren;
  const deprecated = liveBoolean(parameter, 'deprecated', false);
  if (typeof deprecated === 'object') return deprecated;
  // Each class's id, and its [flags, children, record or 0] (generator/live/query-corpus.ts).
  const ids = await read(entry.files.ids);
  const classes = await read(entry.files.classes);
  const branch = parameter('branch');
  const parent = parameter('parent_iri');
  let within;
  if (branch !== undefined) {
    const root = branchRoot(entry.branches, branch);
    if (root === undefined) return { status: 200, body: { classes: [], properties: [] } };
    within = descendants(classes, classIndex(ids, entry.base, root));
  }
  const below = parent === undefined ? undefined : descendants(classes, classIndex(ids, entry.base, parent));
  /** @type {{ [name: string]: any }} */
  const fields = {};
  const wanted = ['label', 'definition', 'alt_label', 'example', 'country'];
  for (let at = 0; at < wanted.length; at += 1) {
    const name = wanted[at];
    if (tests[name] !== undefined || (tests.any_text !== undefined && name !== 'country')) fields[name] = await read(entry.files[name]);
  }
  if (tests.any_text !== undefined) fields.other = await read(entry.files.other);
  const found = [];
  for (let index = 0; index < ids.length; index += 1) {
    const flags = classes[index][0];
    if (!deprecated && flags & DEPRECATED) continue;
    if (within !== undefined && !within[index]) continue;
    if (below !== undefined && !below[index]) continue;
    if (hasChildren !== undefined && hasChildren !== ((flags & HAS_CHILDREN) !== 0)) continue;
    if (tests.country && !tests.country(fields.country[index])) continue;
    if (!classTexts(tests, fields, index)) continue;
    found.push(index);
    if (found.length >= limit) break;
  }
  // Each read begun at once; njs reads no await among a call's arguments.
  /** @type {unknown[]} */
  const pending = [];
  for (let at = 0; at < found.length; at += 1) {
    const inline = classes[found[at]][2];
    const id = ids[found[at]];
    pending.push(inline === 0 ? Promise.resolve().then(() => readRecord(id)) : inline);
  }
  const records = await Promise.all(pending);
  return { status: 200, body: { classes: records, properties: [] } };
}

/** Whether a class passes every text filter given. @param {{ [name: string]: TextTest }} tests @param {any} fields @param {number} index */
function classTexts(tests, fields, index) {
  if (tests.label && !tests.label(fields.label[index])) return false;
  if (tests.definition && !tests.definition(fields.definition[index])) return false;
  if (tests.alt_label && !anyOf(tests.alt_label, fields.alt_label[index])) return false;
  if (tests.example && !anyOf(tests.example, fields.example[index])) return false;
  const any = tests.any_text;
  if (!any) return true;
  return (
    any(fields.label[index]) ||
    any(fields.definition[index]) ||
    anyOf(any, fields.alt_label[index]) ||
    anyOf(any, fields.example[index]) ||
    anyOf(any, fields.other[index])
  );
}

/**
 * The root of the branch a name names, compared lower-cased with each of the branch's names (FOLIO: the live
 * service's FOLIOTypes name and value, `/taxonomy/branches`' key and the URL segment); undefined for none.
 * @param {[string[], string][]} branches @param {string} name
 */
function branchRoot(branches, name) {
  const lower = name.toLowerCase();
  for (let at = 0; at < branches.length; at += 1) if (branches[at][0].indexOf(lower) >= 0) return branches[at][1];
  return undefined;
}

/** The index of the class an IRI, id or prefixed name names (folio-python's normalize_iri), or -1. @param {string[]} ids @param {string} base @param {string} identifier */
function classIndex(ids, base, identifier) {
  const id = liveLocalId(identifier, base);
  return ids.indexOf(id === undefined ? identifier : id);
}

/**
 * The classes below one, to the live service's depth (folio-python's get_children), as a list of flags by index.
 * @param {any[]} classes @param {number} root @returns {boolean[]}
 */
function descendants(classes, root) {
  /** @type {boolean[]} */
  const below = [];
  if (root < 0) return below;
  let level = [root];
  /** @type {boolean[]} */
  const seen = [];
  seen[root] = true;
  for (let depth = 1; depth <= DESCENDANT_DEPTH && level.length > 0; depth += 1) {
    const next = [];
    for (let at = 0; at < level.length; at += 1) {
      const children = classes[level[at]][1];
      for (let child = 0; child < children.length; child += 1) {
        const index = children[child];
        if (index !== root) below[index] = true;
        if (!seen[index]) next.push(index);
        seen[index] = true;
      }
    }
    level = next;
  }
  return below;
}

/**
 * The object properties, with every field, in document order.
 * @param {import('./live-parameters.js').LiveParameter} parameter @param {{ [name: string]: TextTest }} tests @param {number} limit @param {any} entry
 * @param {import('./live-parameters.js').ReadLiveFile} read @returns {Promise<import('./live-parameters.js').LiveAnswer>}
 */
async function answerProperties(parameter, tests, limit, entry, read) {
  const hasInverse = liveBoolean(parameter, 'has_inverse', undefined);
  if (typeof hasInverse === 'object') return hasInverse;
  /** @param {string} name */
  const normal = (name) => {
    const given = parameter(name);
    if (!given) return undefined;
    const id = liveLocalId(given, entry.base);
    return id === undefined ? given : entry.base + id;
  };
  const domain = normal('domain_iri');
  const range = normal('range_iri');
  const properties = await read(entry.files.properties);
  const found = [];
  for (let at = 0; at < properties.length; at += 1) {
    const property = properties[at];
    if (domain !== undefined && property.domain.indexOf(domain) < 0) continue;
    if (range !== undefined && property.range.indexOf(range) < 0) continue;
    if (hasInverse !== undefined && hasInverse !== Boolean(property.inverse_of)) continue;
    if (tests.label && !tests.label(property.label)) continue;
    if (tests.definition && !tests.definition(property.definition)) continue;
    found.push(property);
    if (found.length >= limit) break;
  }
  return { status: 200, body: { properties: found } };
}
