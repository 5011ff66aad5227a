import { NS } from '../model/vocabulary.ts';

export interface QName {
  prefix: string;
  namespace: string;
  local: string;
}

// XML names: a letter or "_" first, then letters, digits, ".", "-", "_".
const NCNAME = /^[\p{L}_][\p{L}\p{N}._-]*$/u;

/** Splits an IRI after its last "#" or "/" when the rest is a valid XML local name. */
export function splitIri(iri: string): { namespace: string; local: string } | undefined {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1;
  const local = iri.slice(cut);
  return cut > 0 && NCNAME.test(local) ? { namespace: iri.slice(0, cut), local } : undefined;
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
