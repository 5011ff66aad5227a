// The live service's property answers (folio-api's routes/properties.py and connections.py over folio-python):
// every object property in brief, and the subject–property–object connections that domains and ranges make.
import type { ClassRecord, PropertyRecord } from '../schema/records.ts';
import type { LiveGraph } from './live-graph.ts';

/** `/properties/all`: each object property's IRI and label, and each of its other fields that is set, in document order. */
export function allProperties(graph: LiveGraph): { properties: Record<string, unknown>[] } {
  return {
    properties: graph.properties.map((property) => {
      const brief: Record<string, unknown> = { iri: property.iri, label: property.label };
      if (property.definition) brief.definition = property.definition;
      if (property.domain.length > 0) brief.domain = property.domain;
      if (property.range.length > 0) brief.range = property.range;
      if (property.inverse_of) brief.inverse_of = property.inverse_of;
      if (property.sub_property_of.length > 0) brief.sub_property_of = property.sub_property_of;
      return brief;
    }),
  };
}

export interface Connection {
  subject: { iri: string; label: string | null };
  property: { iri: string; label: string | null };
  object: { iri: string; label: string | null };
}

/**
 * folio-python's connection triples: (domain, the property's label, range) for every domain and range of each
 * object property, in document order, each once. Like the live service, only properties with a preferred label
 * make them (the loop that adds them sits inside its `if preferred_label` block).
 */
function connectionTriples(graph: LiveGraph): [string, string | null, string][] {
  const seen = new Set<string>();
  const triples: [string, string | null, string][] = [];
  for (const property of graph.properties) {
    if (!property.preferred_label) continue;
    for (const domain of property.domain) {
      for (const range of property.range) {
        const key = JSON.stringify([domain, property.label, range]);
        if (seen.has(key)) continue;
        seen.add(key);
        triples.push([domain, property.label, range]);
      }
    }
  }
  return triples;
}

/** Every connection the live service can answer, subject by subject: the row a triple makes, and the label its property is found by. */
export function connectionRows(graph: LiveGraph): { domain: string; label: string | null; range: string; connection: Connection }[] {
  const rows: { domain: string; label: string | null; range: string; connection: Connection }[] = [];
  for (const [domain, label, range] of connectionTriples(graph)) {
    const subject = graph.classOf(domain);
    const through = label === null ? undefined : graph.propertyLabelled(label);
    const target = graph.classOf(range);
    if (subject && through && target)
      rows.push({ domain, label, range, connection: { subject: brief(subject), property: brief(through), object: brief(target) } });
  }
  return rows;
}

/**
 * `/connections?subject=&property=&object=`: the triples whose subject is the subject class, through the property
 * (an IRI or a label) and to the object if given; undefined when the subject is no class.
 */
export function connections(graph: LiveGraph, subject: string, property?: string, object?: string): Connection[] | undefined {
  const found = graph.classOf(subject) ?? (subject.startsWith('http') ? undefined : graph.classOf(`${graph.baseIri}${subject}`));
  if (!found) return undefined;
  const propertyLabel = property === undefined ? undefined : (graph.propertyOf(property)?.label ?? property);
  const objectIri = object === undefined ? undefined : graph.normalize(object);
  return connectionRows(graph)
    .filter(
      ({ domain, label, range }) =>
        domain === found.iri && (propertyLabel === undefined || label === propertyLabel) && (objectIri === undefined || range === objectIri),
    )
    .map((row) => row.connection);
}

function brief(record: ClassRecord | PropertyRecord): { iri: string; label: string | null } {
  return { iri: record.iri, label: record.label };
}
