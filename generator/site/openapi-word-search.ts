import { SEARCH_FOLDER } from '../route/router.ts';
import { MAX_QUERY_WORDS, WORD_DEFAULT_LIMIT, WORD_MAX_LIMIT } from '../search/core/search-core.js';
import { WORD_EXAMPLE_LIMIT } from '../search/word-examples.ts';

const DESCRIPTIONS = {
  label:
    'Label search, as the live service answers it: every label kind (rdfs:label, preferred, alternative, hidden, translations) in every language, case- and accent-insensitive, words in any order, partial words, one typo in words of 4 letters or more and two in words of 8 or more. Ties go to the rdfs:label, then the shorter label, then the id.',
  definition:
    "Definition search, as the live service answers it: BM25 over the stemmed words of each skos:definition (rdfs:comment, then dcterms:description, where a term has none), function words left out, raised when the query's words stand together in the same order. Ties go to the id.",
} as const;

/** The OpenAPI path of label or definition search; `answeredBy`: who answers it on this layout's hosts; `example`: a query and the served answer. */
export function wordSearchPath(kind: 'label' | 'definition', answeredBy: string, example?: { query: string; response: unknown }): [string, object] {
  return [
    `/${SEARCH_FOLDER}/${kind}`,
    {
      get: {
        operationId: `search_${kind}`,
        tags: ['search'],
        summary: `${kind === 'label' ? 'Label' : 'Definition'} search (hosts that run code; elsewhere search/client.js's search${kind === 'label' ? 'Label' : 'Definition'})`,
        description: `${DESCRIPTIONS[kind]} The first ${MAX_QUERY_WORDS} distinct words are looked up. ${answeredBy}`,
        parameters: [
          { name: 'query', in: 'query', required: true, schema: { type: 'string', minLength: 2, maxLength: 1024 }, example: example?.query ?? 'contract law' },
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: `Results per list; anything but a whole number from 1 reads as ${WORD_DEFAULT_LIMIT}, more than ${WORD_MAX_LIMIT} as ${WORD_MAX_LIMIT}.`,
            schema: { type: 'integer', minimum: 1, maximum: WORD_MAX_LIMIT, default: WORD_DEFAULT_LIMIT },
            ...(example ? { example: WORD_EXAMPLE_LIMIT } : {}),
          },
        ],
        responses: {
          200: {
            description: `Ranked results, or none for a query it cannot read (never an error)${example ? ` (the example: the first ${WORD_EXAMPLE_LIMIT} for the example query, as served)` : ''}`,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/WordSearchResponse' }, ...(example ? { example: example.response } : {}) },
            },
          },
        },
      },
    },
  ];
}
