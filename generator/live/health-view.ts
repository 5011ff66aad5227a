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

/** Where the build read the ontology, as health reports it: a URL it downloaded; a file's path is the builder's own and stays out. */
export function sourceOf(sources: readonly string[]): OntologySource {
  const url = sources.length === 1 && /^https?:\/\//i.test(sources[0]) ? sources[0] : null;
  return { source_type: url === null ? 'file' : 'http', http_url: url, github_repo_owner: null, github_repo_name: null, github_repo_branch: null };
}

export function health(graph: LiveGraph, source: OntologySource): Record<string, unknown> {
  return {
    status: 'healthy',
    folio_graph: {
      num_classes: graph.classCount(),
      num_properties: graph.properties.length,
      title: graph.title,
      description: graph.description,
      ...source,
    },
  };
}
