import type { Quad } from '@rdfjs/types';
import type { ModelEntity } from '../../generator/model/ontology-model.ts';

/**
 * What a term's files exercise in the emitters and the hosts: its kind, each predicate and kind of object its
 * triples have (language-tagged, typed, blank node), blank subjects, literals with line breaks or markup
 * characters, an id that is not plain letters, an id with a "/" (below an id, or not), an id that another differs
 * from only by case, no label.
 */
export function termFeatures(entity: ModelEntity, triples: readonly Quad[], caseTwins: ReadonlySet<string>, ids: ReadonlySet<string> = new Set()): string[] {
  const features = [`kind ${entity.type}`];
  if (/[^A-Za-z/]/.test(entity.id)) features.push('id with other characters');
  const slash = entity.id.indexOf('/');
  if (slash !== -1) features.push(ids.has(entity.id.slice(0, slash)) ? 'id with a "/" below another id' : 'id with a "/"');
  if (caseTwins.has(entity.id.toLowerCase())) features.push('id differing only by case');
  if (entity.record.label === null) features.push('no label');
  for (const { subject, predicate, object } of triples) {
    features.push(`predicate ${predicate.value}`);
    if (subject.termType === 'BlankNode') features.push('blank subject');
    if (object.termType !== 'Literal') features.push(`object ${object.termType}`);
    else if (object.language !== '') features.push('language-tagged literal');
    else features.push(`literal of ${object.datatype.value}`);
    if (object.termType === 'Literal' && /[\r\n]/.test(object.value)) features.push('literal with a line break');
    if (object.termType === 'Literal' && /[<>&"]/.test(object.value)) features.push('literal with markup characters');
  }
  return features;
}

/**
 * The few terms that between them have every feature any term has (greedily, in model order): what a check over
 * a real server needs to send to reach every path, where every term is checked from the files already.
 */
export function representativeTerms(entities: readonly ModelEntity[], triples: (iri: string) => readonly Quad[]): ModelEntity[] {
  const byLowerCase = new Map<string, number>();
  for (const { id } of entities) byLowerCase.set(id.toLowerCase(), (byLowerCase.get(id.toLowerCase()) ?? 0) + 1);
  const caseTwins = new Set([...byLowerCase].filter(([, count]) => count > 1).map(([id]) => id));
  const covered = new Set<string>();
  const ids = new Set(entities.map(({ id }) => id));
  return entities.filter((entity) => {
    const fresh = termFeatures(entity, triples(entity.iri), caseTwins, ids).filter((feature) => !covered.has(feature));
    for (const feature of fresh) covered.add(feature);
    return fresh.length > 0;
  });
}
