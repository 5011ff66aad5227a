// openapi.json's paths for the live service's structured queries (`/search/query`, `/search/query_properties`), which
// the search core answers on hosts that run code (core/live-query.js; docs/live-api.md).
import type { HostName } from '../route/router.ts';

const TEXT = { type: 'string' } as const;
const MATCH_MODE = {
  name: 'match_mode',
  in: 'query',
  description:
    "How every text filter matches: `substring` (case-insensitive), `exact`, `regex` (a Python regular expression, case-insensitive, run as JavaScript's: named groups and \\A, \\Z are read as Python writes them; \\w, \\d, \\b are ASCII), `fuzzy` (rapidfuzz's partial_ratio of the lower-cased texts ≥ 70). Any other mode matches no text.",
  schema: { type: 'string', enum: ['substring', 'exact', 'regex', 'fuzzy'], default: 'substring' },
} as const;
const LIMIT = {
  name: 'limit',
  in: 'query',
  description: 'Results at most, in document order (0 or less gives the first match, as the live service does).',
  schema: { type: 'integer', default: 20 },
} as const;
const ERRORS = {
  400: {
    description: 'match_mode=regex with a pattern that is no regular expression (the live service fails with a 500)',
    content: { 'application/json': { schema: { type: 'object', properties: { detail: TEXT } } } },
  },
  422: {
    description: "A parameter FastAPI cannot read (a limit that is no integer, a boolean that is none): FastAPI's `detail` list",
    content: { 'application/json': { schema: { type: 'object' } } },
  },
} as const;

// Who answers the structured queries, on the hosts each layout is for.
const ANSWERED_BY: Record<HostName, string> = {
  rewriting:
    "Answered by code, from the query corpus the build writes (_live/query.json and the files it names): the Cloudflare worker, nginx (njs), the Netlify edge function, the CloudFront Lambda@Edge function, the site's service worker (for its own pages), or the client module's answerLiveRequest. A host that only serves files (plain S3) has no answer (404).",
  'github-pages':
    "This site is laid out for GitHub Pages, which runs no code: the URL is answered for this site's own pages by its service worker (/sw.js), and not elsewhere (404). The client module's answerLiveRequest answers it from this site's files (_live/query.json and the files it names).",
};

function text(name: string, description: string, example?: string): object {
  return { name, in: 'query', required: false, description, schema: TEXT, ...(example === undefined ? {} : { example }) };
}

function flag(name: string, description: string, fallback?: boolean): object {
  return { name, in: 'query', required: false, description, schema: { type: 'boolean', ...(fallback === undefined ? {} : { default: fallback }) } };
}

/** The two paths; `branches`: the names `branch` takes (each branch's key in /taxonomy/branches). */
export function liveQueryPaths(host: HostName, branches: readonly string[]): Record<string, unknown> {
  const records = (schema: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${schema}` } });
  const get = (operationId: string, summary: string, parameters: object[], body: object) => ({
    get: {
      operationId,
      tags: ['live'],
      summary,
      description: `As the live FOLIO API answers it: every filter given must match (text filters by match_mode), results in document order. ${ANSWERED_BY[host]}`,
      parameters,
      responses: { 200: { description: summary, content: { 'application/json': { schema: body } } }, ...ERRORS },
    },
  });
  return {
    '/search/query': get(
      'live_query',
      'Classes by text and structural filters',
      [
        text('label', "The class's rdfs:label", 'court'),
        text('definition', 'Its skos:definition'),
        text('alt_label', 'Any of its alternative labels'),
        text('example', 'Any of its examples'),
        text('any_text', 'Any of the above, its notes, comment or description'),
        text(
          'branch',
          `A branch by name, case-insensitive: its key in /taxonomy/branches (${branches.slice(0, 3).join(', ')}, …), its URL segment, or for FOLIO the live service's own (AREA_OF_LAW, "Area of Law"); classes below its root to 16 levels. An unknown one: no results.`,
        ),
        text('parent_iri', 'Classes below this one (an IRI, id or prefixed name) to 16 levels'),
        flag('has_children', 'true: classes with children only; false: leaves only'),
        flag('deprecated', 'Include deprecated classes', false),
        text('country', 'Its mads:country, matched as the text filters are'),
        MATCH_MODE,
        LIMIT,
      ],
      { type: 'object', properties: { classes: records('ClassRecord'), properties: { type: 'array', maxItems: 0 } } },
    ),
    '/search/query_properties': get(
      'live_query_properties',
      'Object properties by text and structural filters',
      [
        text('label', "The property's rdfs:label", 'has'),
        text('definition', 'Its skos:definition'),
        text('domain_iri', 'Properties whose domain lists this class (an IRI, id or prefixed name)'),
        text('range_iri', 'Properties whose range lists this class'),
        flag('has_inverse', 'true: properties with an owl:inverseOf only; false: those without'),
        MATCH_MODE,
        LIMIT,
      ],
      { type: 'object', properties: { properties: records('PropertyRecord') } },
    ),
  };
}
