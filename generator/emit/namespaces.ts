import { splitIri } from '../model/rdfxml-limits.ts';
import { NS } from '../model/vocabulary.ts';

export { splitIri };

export interface QName {
  prefix: string;
  namespace: string;
  local: string;
}

const PREFIX_BY_NAMESPACE = new Map<string, string>(Object.entries(NS).map(([prefix, iri]) => [iri, prefix]));

export function knownPrefix(namespace: string): string | undefined {
  return PREFIX_BY_NAMESPACE.get(namespace);
}

/** `rdfs:label` for IRIs in the well-known vocabularies; undefined for every other IRI. */
export function compactIri(iri: string): string | undefined {
  const parts = splitIri(iri);
  const prefix = parts && knownPrefix(parts.namespace);
  return prefix ? `${prefix}:${parts.local}` : undefined;
}
