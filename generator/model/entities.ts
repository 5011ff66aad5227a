import { OWL_CLASS, OWL_OBJECT_PROPERTY, OWL_ONTOLOGY } from './vocabulary.ts';
import type { TypeStatement } from './triple-index.ts';
import { UserError } from '../load/errors.ts';

export type EntityKind = 'class' | 'property';

export interface Entity {
  /** The IRI's local part under the base IRI: the `{id}` of every URL. */
  id: string;
  iri: string;
  kind: EntityKind;
}

/**
 * The base IRI: the one given, else the namespace (the IRI up to its last "/" or "#") that holds most of the
 * terms the site publishes. An owl:Ontology's IRI often names the document, not its terms' namespace (W3C
 * PROV-O's first is prov-dc#, its terms prov#); it only settles a tie, or names the base when no term does.
 */
export function findBaseIri(typeStatements: readonly TypeStatement[], given?: string): string {
  if (given) return given;
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const { subject, type } of typeStatements) {
    if (!kindOfType(type) || seen.has(subject)) continue;
    seen.add(subject);
    const namespace = namespaceOf(subject);
    if (namespace !== undefined) counts.set(namespace, (counts.get(namespace) ?? 0) + 1);
  }
  const ontology = typeStatements.find((statement) => statement.type === OWL_ONTOLOGY)?.subject;
  const declared = ontology === undefined ? undefined : /[/#]$/.test(ontology) ? ontology : `${ontology}/`;
  let best: [namespace: string, terms: number] | undefined;
  // In document order, so of namespaces tied on terms and not the ontology's, the first declared wins.
  for (const [namespace, terms] of counts) {
    if (!best || terms > best[1] || (terms === best[1] && namespace === declared)) best = [namespace, terms];
  }
  if (best) return best[0];
  if (declared) return declared;
  throw new UserError('no owl:Class or owl:ObjectProperty and no owl:Ontology declared, so the base IRI is unknown', 'pass --base-iri <iri>, e.g. https://folio.openlegalstandard.org/');
}

/** The IRI up to and including its last "/" or "#", when a name follows. */
function namespaceOf(iri: string): string | undefined {
  const cut = Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1;
  return cut > 0 && cut < iri.length ? iri.slice(0, cut) : undefined;
}

/** Every owl:Class and owl:ObjectProperty under the base IRI, in the order they are first declared. */
export function findEntities(typeStatements: readonly TypeStatement[], baseIri: string): Entity[] {
  const kinds = new Map<string, EntityKind>();
  for (const { subject: iri, type } of typeStatements) {
    const kind = kindOfType(type);
    if (!kind || !iri.startsWith(baseIri) || iri.length === baseIri.length) continue;
    // A resource typed both ways is published as a class, as the live service does.
    if (kinds.get(iri) !== 'class') kinds.set(iri, kind);
  }
  return [...kinds].map(([iri, kind]) => ({ id: iri.slice(baseIri.length), iri, kind }));
}

function kindOfType(type: string): EntityKind | undefined {
  if (type === OWL_CLASS) return 'class';
  if (type === OWL_OBJECT_PROPERTY) return 'property';
  return undefined;
}
