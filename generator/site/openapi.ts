import type { OutputFile } from '../emit/emit-api.ts';
import { emitReadableJson } from '../emit/json.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import {
  DOWNLOAD_CONTENT_TYPE,
  DOWNLOADS,
  FORMATS,
  OPENAPI_FILE,
  SITE_IDS_OF_ANY_LAYOUT,
  PAGE_CONTENT_TYPE,
  SEARCH_CLIENT_FILE,
  SEARCH_FOLDER,
  type Format,
  type HostName,
  type Router,
} from '../route/router.ts';
import { wordSearchPath } from './openapi-word-search.ts';
import { DEFAULT_LIMIT, INDEX_FILE, MAX_LIMIT, MAX_QUERY_LENGTH, type SearchResponse } from '../search/core/search-core.js';
import { SCHEMAS } from './openapi-schemas.ts';
import { livePaths } from './openapi-live.ts';
import { liveQueryPaths } from './openapi-live-query.ts';
import { branchesOf } from '../live/branches.ts';
import { LiveGraph } from '../live/live-graph.ts';
import type { OntologySource } from '../live/health-view.ts';
import type { WordExamples } from '../search/word-examples.ts';

/** The entities to show (Examples: a class, a property, an id with a "/"), and what else openapi.json quotes. */
export interface OpenApiExamples extends Examples {
  /** Where the build read the ontology, as /info/health says. */
  source: OntologySource;
  /** The files the build serves for the examples. */
  served: ReadonlyMap<string, string>;
  search: { query: string; response: SearchResponse; badQuery: string; badResponse: unknown };
  /** Label and definition search's examples: each result's record is the served file of its id. */
  words?: WordExamples;
}

type Media = 'json' | 'text';

// Who answers the exact search URL, on the hosts each layout is for.
const SEARCH_ANSWERED_BY: Record<HostName, string> = {
  rewriting: "Answered by the Cloudflare worker, nginx (njs), the Netlify edge function, the CloudFront Lambda@Edge function, or the site's service worker.",
  'github-pages': `This site is laid out for GitHub Pages, which runs no code: the URL is answered for this site's own pages by its service worker (/sw.js). Callers on other origins, and clients outside a browser, use the client module /${SEARCH_CLIENT_FILE} instead (\`createSearchClient({ indexUrl: '<this site>/${SEARCH_FOLDER}/' }).searchPrefix(query, { limit })\`): it reads the same static index with one or two small fetches and returns this same JSON.`,
};

// What the layout's hosts send as Content-Type, where it is not what the paths below declare.
const SERVED_AS: Record<HostName, string> = {
  rewriting: '',
  'github-pages':
    ' GitHub Pages sets the Content-Type from the file name: `/{id}` is sent as text/html and `/{id}/jsonld`, `/{id}/xml` and `/{id}/markdown` as application/octet-stream, with the bodies described here.',
};

// What the layout's hosts send for the live files, where it is not application/json.
const LIVE_SERVED_AS: Record<HostName, string> = {
  rewriting: '',
  'github-pages': ' GitHub Pages sends it as application/octet-stream (the file has no extension), with this body.',
};

/** The limit the search example was computed with. */
export const SEARCH_EXAMPLE_LIMIT = 3;

const FORMAT_SCHEMA: Record<Format, { media: Media; schema: unknown; summary: string }> = {
  json: {
    media: 'json',
    schema: { oneOf: [{ $ref: '#/components/schemas/ClassRecord' }, { $ref: '#/components/schemas/PropertyRecord' }] },
    summary: 'The record, as the live FOLIO API returns it',
  },
  jsonld: { media: 'json', schema: { type: 'object', description: 'JSON-LD: exactly the source triples about the entity' }, summary: 'JSON-LD' },
  xml: { media: 'text', schema: { type: 'string', description: 'OWL as RDF/XML: exactly the source triples about the entity' }, summary: 'OWL as RDF/XML' },
  ttl: { media: 'text', schema: { type: 'string', description: 'Turtle: exactly the source triples about the entity' }, summary: 'Turtle' },
  nt: { media: 'text', schema: { type: 'string', description: 'N-Triples: exactly the source triples about the entity' }, summary: 'N-Triples' },
  markdown: { media: 'text', schema: { type: 'string' }, summary: 'Markdown, as the live FOLIO API returns it' },
};

/** The entities the docs show (see firstExamples). */
export type Examples = { class: ModelEntity; property?: ModelEntity; nested?: ModelEntity };

/** The entity the docs show: the first class, by id, with a definition and alternative labels; the first property; the first id with a "/". */
export function pickExamples(model: OntologyModel): Examples {
  let picked = pickedExamples.get(model);
  if (!picked) {
    picked = firstExamples(model);
    pickedExamples.set(model, picked);
  }
  return picked;
}

// Asked several times per build, of 18,000 entities: worked out once per model.
const pickedExamples = new WeakMap<OntologyModel, Examples>();

/** The first of each kind by id, found in one pass. */
function firstExamples(model: OntologyModel): Examples {
  let rich: ModelEntity | undefined;
  let nested: ModelEntity | undefined;
  let someClass: ModelEntity | undefined;
  let property: ModelEntity | undefined;
  let first: ModelEntity | undefined;
  const before = (entity: ModelEntity, best: ModelEntity | undefined) => best === undefined || entity.id < best.id;
  for (const entity of model.entities) {
    // Its record would be the site's own page: the examples quote every format.
    if (SITE_IDS_OF_ANY_LAYOUT.has(entity.id)) continue;
    if (before(entity, first)) first = entity;
    if (entity.id.includes('/') && before(entity, nested)) nested = entity;
    if (entity.kind === 'property') {
      if (before(entity, property)) property = entity;
      continue;
    }
    if (before(entity, someClass)) someClass = entity;
    // The order first, so an update makes the records of only a few entities.
    if (before(entity, rich) && entity.record.definition !== null && entity.record.alternative_labels.length > 0) rich = entity;
  }
  return { class: (rich ?? someClass ?? first ?? model.entities[0]) as ModelEntity, property, ...(nested ? { nested } : {}) };
}

/** openapi.json: OpenAPI 3.1 describing exactly what the build serves, with examples taken from it. */
export function emitOpenApi(model: OntologyModel, router: Router, examples: OpenApiExamples): OutputFile {
  const entities = {
    class: examples.class,
    ...(examples.property ? { property: examples.property } : {}),
    ...(examples.nested ? { with_slash: examples.nested } : {}),
  };
  const exampleValues = (format: Format) =>
    Object.fromEntries(
      Object.entries(entities).map(([name, entity]) => {
        const body = examples.served.get(router.filePath(entity.id, format)) ?? '';
        return [
          name,
          {
            summary: `${entity.kind} ${entity.record.label ?? entity.id}`,
            value: FORMAT_SCHEMA[format].media === 'json' ? (JSON.parse(body) as unknown) : body,
          },
        ];
      }),
    );
  const idParameter = {
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: `The local part of a class's, property's or concept's IRI under ${model.baseIri}${
      examples.nested
        ? `; it may hold "/" (\`${examples.nested.id}\`), which a client writes in the URL as it is (/${examples.nested.id}/jsonld): "Try it out" below escapes it as %2F, which names no entity`
        : ''
    }`,
    examples: Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { value: entity.id }])),
  };
  // Hosts that set Content-Type by URL shape send the 404 body with the format's type.
  const notFound = (type: string) => ({
    description: 'No such entity',
    content: { [type]: { schema: { $ref: '#/components/schemas/NotFound' }, example: { message: 'Entity not found.' } } },
  });
  const paths: Record<string, unknown> = {};
  for (const spec of FORMATS) {
    const shape = FORMAT_SCHEMA[spec.format];
    paths[`/{id}${spec.urlSuffix}`] = {
      get: {
        operationId: `get_${spec.format}`,
        summary: shape.summary,
        tags: ['entities'],
        parameters: [idParameter],
        responses: {
          200: { description: shape.summary, content: { [spec.contentType]: { schema: shape.schema, examples: exampleValues(spec.format) } } },
          404: notFound(spec.contentType),
        },
      },
    };
  }
  paths['/{id}/html'] = {
    get: {
      operationId: 'get_html',
      summary: 'The concept page',
      tags: ['entities'],
      parameters: [idParameter],
      responses: {
        200: {
          description: 'An HTML page with the labels, definition, relations and downloads',
          content: { [PAGE_CONTENT_TYPE]: { schema: { type: 'string' } } },
        },
        404: { description: 'No such entity: a page saying so', content: { [PAGE_CONTENT_TYPE]: { schema: { type: 'string' } } } },
      },
    },
  };
  paths[`/${SEARCH_FOLDER}/prefix`] = {
    get: {
      operationId: 'search_prefix',
      tags: ['search'],
      summary: 'Prefix search over every label (hosts that run code; elsewhere use search/client.js)',
      description: `Matches the query at the start of any word of any label, after Unicode normalisation. ${SEARCH_ANSWERED_BY[router.host]}`,
      parameters: [
        { name: 'query', in: 'query', required: true, schema: { type: 'string', maxLength: MAX_QUERY_LENGTH }, example: examples.search.query },
        {
          name: 'limit',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
          example: SEARCH_EXAMPLE_LIMIT,
        },
      ],
      responses: {
        200: {
          description: 'Ranked results',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/SearchResponse' }, example: examples.search.response } },
        },
        400: {
          description: 'A query without letters or digits, too long, or a bad limit',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/BadRequest' }, example: examples.search.badResponse } },
        },
      },
    },
  };
  for (const kind of ['label', 'definition'] as const) {
    const example = examples.words?.[kind];
    const record = (id: string) => JSON.parse(examples.served.get(router.filePath(id, 'json')) ?? 'null') as unknown;
    const [path, item] = wordSearchPath(
      kind,
      SEARCH_ANSWERED_BY[router.host],
      example && {
        query: example.query,
        response: {
          results: example.results.map(([id, score]) => [record(id), score]),
          properties: example.properties.map(([id, score]) => [record(id), score]),
        },
      },
    );
    paths[path] = item;
  }
  const entryPath = `${SEARCH_FOLDER}/${INDEX_FILE}`;
  paths[`/${entryPath}`] = {
    get: {
      operationId: 'search_index_entry',
      tags: ['search'],
      summary: 'The prefix index entry file (short-lived; it names the shard, rest and chunk files)',
      responses: {
        200: {
          description: 'The entry file',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/SearchIndexEntry' },
              example: JSON.parse(examples.served.get(entryPath) ?? '{}') as unknown,
            },
          },
        },
      },
    },
  };
  paths[`/${SEARCH_FOLDER}/{folder}/{file}`] = {
    get: {
      operationId: 'search_index_file',
      tags: ['search'],
      summary: 'A file of an index: a shard (s/), rest list (r/) or entity chunk (c/) of the prefix index, a file of the label (l/) or definition (d/) index',
      parameters: [
        { name: 'folder', in: 'path', required: true, schema: { type: 'string', enum: ['s', 'r', 'c', 'l', 'd'] } },
        { name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[^/]+\\.json$' } },
      ],
      responses: { 200: { description: 'An index file', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  paths[`/${SEARCH_CLIENT_FILE}`] = {
    get: {
      operationId: 'search_client',
      tags: ['search'],
      summary: 'The search client: a dependency-free ES module exporting searchPrefix, searchLabel and searchDefinition(query, { limit })',
      responses: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } } },
    },
  };
  for (const { format, name, path } of DOWNLOADS) {
    paths[`/${path}`] = {
      get: {
        operationId: `download_${format}`,
        summary: `The whole ontology, every source merged, as ${name}, gzipped`,
        tags: ['downloads'],
        responses: {
          200: {
            description: `Exactly the source's triples as ${name} (gzip members one after another, which gunzip reads as one file)`,
            content: { [DOWNLOAD_CONTENT_TYPE]: { schema: { type: 'string', contentMediaType: DOWNLOAD_CONTENT_TYPE } } },
          },
        },
      },
    };
  }
  Object.assign(paths, livePaths(model, examples.source, examples.class, LIVE_SERVED_AS[router.host]));
  Object.assign(
    paths,
    liveQueryPaths(
      router.host,
      branchesOf(LiveGraph.of(model)).map((branch) => branch.name),
    ),
  );
  const document = {
    openapi: '3.1.0',
    info: {
      title: `${model.info.title ?? 'Ontology'} API`,
      version: model.info.version ?? 'unversioned',
      description:
        `${model.info.description ?? ''}\n\nA static, read-only API: every URL below is a file, served with CORS for every origin.${SERVED_AS[router.host]}`.trim(),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${router.origin}${router.basePath}`, description: 'where this site was built to be served' }],
    tags: [
      { name: 'entities', description: 'Classes, properties and concepts' },
      { name: 'search', description: 'Prefix, label and definition search' },
      { name: 'downloads', description: 'The whole ontology in each RDF format' },
      {
        name: 'live',
        description:
          "The live FOLIO API's other read URLs: those without a query string are files on every host; its structured queries need a host that runs code",
      },
    ],
    paths,
    components: { schemas: SCHEMAS },
  };
  return { path: OPENAPI_FILE, contents: emitReadableJson(document) };
}
