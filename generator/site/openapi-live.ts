// openapi.json's paths for the live service's query-free read URLs (generator/live), each example worked out by
// the same views that write the files, so it is what the file serves.
import { entityGraph } from '../live/entity-graph-view.ts';
import { health, type OntologySource } from '../live/health-view.ts';
import { LiveGraph } from '../live/live-graph.ts';
import { branchCounts, treeData, treeNode } from '../live/taxonomy-views.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import { LIVE_CONTENT_TYPE, LIVE_FILES } from '../route/router.ts';

const OBJECT = { type: 'object' } as const;

/** `answered`: what the layout's hosts send, where it is not application/json (GitHub Pages). */
export function livePaths(model: OntologyModel, source: OntologySource, example: ModelEntity, answered: string): Record<string, unknown> {
  const graph = LiveGraph.of(model);
  // Named as openapi.ts names its entity examples, the parameter's and the response's alike.
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, examples: { class: { value: example.id } } };
  const named = (body: unknown) => (body === undefined ? {} : { examples: { class: { summary: `class ${example.record.label ?? example.id}`, value: body } } });
  const get = (operationId: string, summary: string, schema: unknown, body: unknown, parameters?: unknown[]) => ({
    get: {
      operationId,
      tags: ['live'],
      summary,
      description: `As the live FOLIO API answers it (docs/live-api.md: its rules, and the few differences kept on purpose). A file at this path on every host.${answered}`,
      ...(parameters ? { parameters } : {}),
      responses: {
        200: {
          description: summary,
          content: { [LIVE_CONTENT_TYPE]: { schema, ...(parameters ? named(body) : body === undefined ? {} : { example: body }) } },
        },
        ...(parameters ? { 404: { description: 'No such entity: the host’s own 404' } } : {}),
      },
    },
  });
  const list = { type: 'array', items: OBJECT };
  return {
    [`/${LIVE_FILES.health}`]: get('live_health', "The service's status and the ontology's counts, title and description", OBJECT, health(graph, source)),
    [`/${LIVE_FILES.branches}`]: get(
      'live_branches',
      "Each branch's number of direct children",
      { type: 'object', additionalProperties: { type: 'integer' } },
      branchCounts(graph),
    ),
    '/taxonomy/{segment}': get(
      'live_branch',
      "A branch's classes, one level down (records as `/{id}` serves them)",
      { type: 'object', properties: { classes: list, properties: list } },
      undefined,
      [{ name: 'segment', in: 'path', required: true, schema: { type: 'string' } }],
    ),
    [`/${LIVE_FILES.treeRoots}`]: get('live_tree_roots', "The explorer tree's top level (jsTree items, by label)", list, treeData(graph, '#')),
    '/taxonomy/tree/node/{id}': get(
      'live_tree_node',
      "A class's details, labelled parents and children, see-also and graph",
      OBJECT,
      example.kind === 'class' ? treeNode(graph, example.id) : undefined,
      [idParameter],
    ),
    [`/${LIVE_FILES.properties}`]: get(
      'live_properties',
      'Every object property in brief, in document order',
      { type: 'object', properties: { properties: list } },
      undefined,
    ),
    '/explore/api/entity-graph/{id}': get(
      'live_entity_graph',
      'An entity among its ancestors: its first-parent chain and a graph of its parents and see-also',
      OBJECT,
      entityGraph(graph, example.id, 'ancestors'),
      [idParameter],
    ),
  };
}
