import type { OntologyModel } from './ontology-model.ts';
import { typeInfo } from './entities.ts';

// Classes and object properties first, as FOLIO's summaries always read.
const ORDER: readonly string[] = ['classes', 'object properties', 'datatype properties', 'annotation properties', 'properties (rdf:Property)', 'concepts'];

/**
 * How many terms of each kind the model publishes, by plural name: classes and object properties always
 * (FOLIO's two), the other kinds when there are some.
 */
export function countByType(model: OntologyModel): [plural: string, count: number][] {
  const counts = new Map<string, number>(['classes', 'object properties'].map((plural) => [plural, 0]));
  for (const entity of model.entities) {
    const { plural } = typeInfo(entity.type);
    counts.set(plural, (counts.get(plural) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b));
}

/** "52 classes, 6 object properties", then each other kind the model has: "…, 9 datatype properties". */
export function countKinds(model: OntologyModel): string {
  return countByType(model)
    .map(([plural, count]) => `${count} ${plural}`)
    .join(', ');
}
