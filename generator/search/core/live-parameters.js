// The live service's query parameters and identifiers as it reads them (FastAPI's rules, folio-python's
// normalize_iri), and its answers to what it cannot read: for the hosts' code (live-answers.js, live-query.js) and
// the dispatcher over the model (generator/live/live-routes.ts) alike. Part of the search core (njs 0.7: see
// search-core.js).

const LIVE_LEGACY_PREFIXES = ['folio:', 'soli:', 'lmss:', 'http://lmss.sali.org/'];

// FastAPI's answer to a path no route matches.
export const LIVE_NO_ROUTE = { status: 404, body: { detail: 'Not Found' } };

/**
 * @typedef {(path: string) => Promise<any>} ReadLiveFile reads a file of the build by its path below the base
 *   (`_live/index.json`), parsed; resolves to undefined when there is none
 * @typedef {{ status: number, body: unknown }} LiveAnswer
 */

/**
 * The id an identifier names under the base IRI: the IRI's local part, a legacy prefixed name's, or the id itself;
 * undefined for an IRI outside the base. @param {string} identifier @param {string} base
 */
export function liveLocalId(identifier, base) {
  if (identifier.indexOf(base) === 0) return identifier.slice(base.length);
  let local = identifier;
  for (let at = 0; at < LIVE_LEGACY_PREFIXES.length; at += 1) {
    if (local.indexOf(LIVE_LEGACY_PREFIXES[at]) === 0) local = local.slice(LIVE_LEGACY_PREFIXES[at].length);
  }
  // An id is one file name: nothing that climbs out of its folder.
  return local.indexOf('/') < 0 && local.indexOf('\\') < 0 && local.charAt(0) !== '.' ? local : undefined;
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
  return liveInvalid('mode', mode, 'string_pattern_mismatch', "String should match pattern '^(ancestors|children)$'");
}

/**
 * A parameter FastAPI reads as an `int`, or its 422. @param {LiveParameter} parameter @param {string} name
 * @param {number} fallback its value when absent @returns {number | LiveAnswer}
 */
export function liveInteger(parameter, name, fallback) {
  const text = parameter(name);
  if (text === undefined) return fallback;
  if (/^\s*[-+]?\d+\s*$/.test(text)) return parseInt(text, 10);
  return liveInvalid(name, text, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
}

// The words pydantic reads as a boolean, in lower case.
const TRUE_WORDS = ['1', 'on', 't', 'true', 'y', 'yes'];
const FALSE_WORDS = ['0', 'off', 'f', 'false', 'n', 'no'];

/**
 * A parameter FastAPI reads as a `bool`, or its 422. @param {LiveParameter} parameter @param {string} name
 * @param {boolean | undefined} fallback its value when absent @returns {boolean | undefined | LiveAnswer}
 */
export function liveBoolean(parameter, name, fallback) {
  const text = parameter(name);
  if (text === undefined) return fallback;
  const word = text.toLowerCase();
  if (TRUE_WORDS.indexOf(word) >= 0) return true;
  if (FALSE_WORDS.indexOf(word) >= 0) return false;
  return liveInvalid(name, text, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
}

/**
 * FastAPI's 422 for a query parameter it cannot read. @param {string} name @param {string} input
 * @param {string} type pydantic's error type @param {string} msg @returns {LiveAnswer}
 */
function liveInvalid(name, input, type, msg) {
  return { status: 422, body: { detail: [{ type: type, loc: ['query', name], msg: msg, input: input }] } };
}

/** FastAPI's 422 for a required query parameter that is absent. @param {string} name @returns {LiveAnswer} */
export function liveMissing(name) {
  return { status: 422, body: { detail: [{ type: 'missing', loc: ['query', name], msg: 'Field required', input: null }] } };
}
