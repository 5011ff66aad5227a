// Which entities a prefix query finds and in what order, and the checks every query passes first. Part of
// the search core every runtime runs (see search-core.js), in the JavaScript njs 0.7 runs.
import { codePointLength, compareCodePoints, normalize } from './search-text.js';

/**
 * @typedef {'class' | 'property'} EntityKind
 * @typedef {{ kind: EntityKind, iri: string, label: string | null, preferred_label: string | null,
 *   alternative_labels: string[], definition: string | null, extra_labels: string[] }} SearchEntity
 * @typedef {{ iri: string, label: string | null, preferred_label: string | null,
 *   alternative_labels: string[], definition: string | null, match: string }} SearchHit
 * @typedef {{ classes: SearchHit[], properties: SearchHit[], total_classes: number, total_properties: number }} SearchResponse
 * @typedef {{ entity: SearchEntity, label: { original: string }, key: MatchKey }} RankedMatch the matching label is kept, not
 *   its text: a build's kept labels make their text on demand, and only the returned hits need it
 * @typedef {[number, number, number, string]} MatchKey rank, 0 for the primary label, length, normalised label
 * @typedef {{ original: string, normalized: string, primary: boolean }} SearchLabel
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
export const MAX_QUERY_LENGTH = 1024;

/**
 * Every label an entity is found by: the primary rdfs:label first, then the others, each once.
 * @param {SearchEntity} entity
 * @param {readonly string[]} [normalized] the same labels normalised before, in this order (a build's cache keeps them)
 * @returns {SearchLabel[]}
 */
export function searchLabels(entity, normalized) {
  /** @type {SearchLabel[]} */
  const labels = [];
  const add = (/** @type {string | null} */ original, /** @type {boolean} */ primary) => {
    // Lists are short: a scan of the labels so far is cheaper than a set.
    if (original === null || labels.some((label) => label.original === original)) return;
    labels.push({ original, normalized: normalized === undefined ? normalize(original) : (normalized[labels.length] ?? normalize(original)), primary });
  };
  add(entity.label, true);
  add(entity.preferred_label, false);
  for (let at = 0; at < entity.alternative_labels.length; at += 1) add(entity.alternative_labels[at], false);
  for (let at = 0; at < entity.extra_labels.length; at += 1) add(entity.extra_labels[at], false);
  return labels;
}

/**
 * 0: the label is the query; 1: it starts with it; 2: the query starts a later word; -1: no match.
 * @param {string} label normalised label
 * @param {string} query normalised query
 */
export function matchRank(label, query) {
  if (label === query) return 0;
  if (label.startsWith(query)) return 1;
  for (let at = label.indexOf(' '); at !== -1; at = label.indexOf(' ', at + 1)) {
    if (label.startsWith(query, at + 1)) return 2;
  }
  return -1;
}

/** @param {MatchKey} a @param {MatchKey} b */
function compareKeys(a, b) {
  for (let index = 0; index < 3; index += 1) {
    if (a[index] !== b[index]) return /** @type {number} */ (a[index]) < /** @type {number} */ (b[index]) ? -1 : 1;
  }
  return compareCodePoints(a[3], b[3]);
}

/**
 * The entity's best-ranked matching label, or undefined.
 * @param {SearchEntity} entity @param {string} query normalised
 * @param {readonly SearchLabel[]} [labels] the entity's search labels, if known
 * @returns {RankedMatch | undefined}
 */
export function bestMatch(entity, query, labels) {
  const best = bestLabel(query, labels ?? searchLabels(entity));
  return best && { entity, label: best.label, key: best.key };
}

/**
 * Of some search labels, the best-ranked matching one and its key, or undefined (the index re-ranks by keys alone).
 * @template {{ normalized: string, primary: boolean }} Label
 * @param {string} query normalised @param {readonly Label[]} labels
 * @returns {{ label: Label, key: MatchKey } | undefined}
 */
export function bestLabel(query, labels) {
  /** @type {{ label: Label, key: MatchKey } | undefined} */
  let best;
  for (let at = 0; at < labels.length; at += 1) {
    const label = labels[at];
    const rank = matchRank(label.normalized, query);
    if (rank < 0) continue;
    /** @type {MatchKey} */
    const key = [rank, label.primary ? 0 : 1, codePointLength(label.normalized), label.normalized];
    if (!best || compareKeys(key, best.key) < 0) best = { label, key };
  }
  return best;
}

/**
 * Every matching entity in result order, classes and properties apart.
 * @param {readonly SearchEntity[]} entities @param {string} query normalised
 * @param {(entity: SearchEntity) => readonly SearchLabel[]} [labelsOf]
 */
export function rankEntities(entities, query, labelsOf) {
  /** @type {{ class: RankedMatch[], property: RankedMatch[] }} */
  const ranked = { class: [], property: [] };
  for (let at = 0; at < entities.length; at += 1) {
    const entity = entities[at];
    const match = bestMatch(entity, query, (labelsOf ?? searchLabels)(entity));
    if (match) ranked[entity.kind].push(match);
  }
  ranked.class.sort(compareMatches);
  ranked.property.sort(compareMatches);
  return ranked;
}

/**
 * Result order: by match key, then by IRI, so no two entities tie.
 * @param {{ entity: { iri: string }, key: MatchKey }} a @param {{ entity: { iri: string }, key: MatchKey }} b
 */
export function compareMatches(a, b) {
  return compareKeys(a.key, b.key) || compareCodePoints(a.entity.iri, b.entity.iri);
}

/**
 * The response for entities ranked by rankEntities: the first `limit` of each kind, and how many there are.
 * @param {{ class: RankedMatch[], property: RankedMatch[] }} ranked @param {number} limit @returns {SearchResponse}
 */
export function rankedResponse(ranked, limit) {
  return {
    classes: ranked.class.slice(0, limit).map(toHit),
    properties: ranked.property.slice(0, limit).map(toHit),
    total_classes: ranked.class.length,
    total_properties: ranked.property.length,
  };
}

/** @param {RankedMatch} ranked @returns {SearchHit} */
export function toHit(ranked) {
  const entity = ranked.entity;
  return {
    iri: entity.iri,
    label: entity.label,
    preferred_label: entity.preferred_label,
    alternative_labels: entity.alternative_labels,
    definition: entity.definition,
    match: ranked.label.original,
  };
}

/**
 * A query or limit no search answers: the search URL's 400, with `{"detail": …}`. A constructor function
 * rather than a class, which njs 0.7 lacks. @constructor @param {string} detail
 */
export function SearchQueryError(detail) {
  this.name = 'SearchQueryError';
  this.message = detail;
  this.status = 400;
  this.body = { detail };
  this.stack = new Error(detail).stack;
}
SearchQueryError.prototype = Object.create(Error.prototype);
SearchQueryError.prototype.constructor = SearchQueryError;

/**
 * Checks and normalises a query and a limit the way every way of searching does.
 * @param {unknown} query @param {unknown} limit
 * @returns {{ query: string, limit: number }}
 */
export function checkQuery(query, limit) {
  if (typeof query !== 'string' || codePointLength(query) > MAX_QUERY_LENGTH) {
    throw new SearchQueryError(`query must be a string of at most ${MAX_QUERY_LENGTH} characters`);
  }
  const normalized = normalize(query);
  if (normalized === '') throw new SearchQueryError('query must contain at least one letter or digit');
  const parsed = limit === undefined || limit === null || limit === '' ? DEFAULT_LIMIT : Number(limit);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_LIMIT) {
    throw new SearchQueryError(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  return { query: normalized, limit: parsed };
}
