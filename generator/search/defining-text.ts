import type { Quad } from '@rdfjs/types';
import type { ModelEntity } from '../model/ontology-model.ts';
import { P } from '../model/vocabulary.ts';
import { definitionTerms } from './core/definition-text.js';

// Where a term has no skos:definition, most public vocabularies define it in a comment or a description.
const FALLBACKS = [P.comment, P.description];
const ENGLISH_OR_UNTAGGED = /^(en(-|$)|$)/i;

/** The text definition search reads for an entity: its record's definition, else its rdfs:comment, else its dcterms:description. */
export function definingText(entity: ModelEntity): string | null {
  if (entity.record.definition !== null) return entity.record.definition;
  for (const predicate of FALLBACKS) {
    const text = firstLiteral(entity.quads, entity.iri, predicate);
    if (text !== undefined) return text;
  }
  return null;
}

/** The entity's definition terms as the build cache keeps them: stems joined by spaces, '' for none. */
export function definingTerms(entity: ModelEntity): string {
  const text = definingText(entity);
  return text === null ? '' : definitionTerms(text).join(' ');
}

/** The subject's first English or untagged literal of the predicate in triple order, else its first in any language. */
function firstLiteral(quads: readonly Quad[], subject: string, predicate: string): string | undefined {
  let other: string | undefined;
  for (const quad of quads) {
    if (quad.subject.value !== subject || quad.predicate.value !== predicate || quad.object.termType !== 'Literal') continue;
    if (ENGLISH_OR_UNTAGGED.test(quad.object.language)) return quad.object.value;
    other ??= quad.object.value;
  }
  return other;
}
