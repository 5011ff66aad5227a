// `/info/health` (folio-api's routes/info.py): the service's status and what it serves.
import type { LiveGraph } from './live-graph.ts';

/** Where the ontology came from, as the live service reports it (its own come from its configuration). */
export interface OntologySource {
  source_type: string;
  http_url: string | null;
  github_repo_owner: string | null;
  github_repo_name: string | null;
  github_repo_branch: string | null;
}

export function health(graph: LiveGraph, source: OntologySource): Record<string, unknown> {
  return {
    status: 'healthy',
    folio_graph: {
      num_classes: graph.classes.length,
      num_properties: graph.properties.length,
      title: graph.title,
      description: graph.description,
      ...source,
    },
  };
}
