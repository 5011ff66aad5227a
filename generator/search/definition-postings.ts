// Definition search's postings, made from the entities' defining texts: for each stem, the documents that hold
// it with their lengths, counts and first positions (the lists the ranking in core/definition-rank.js reads).
import { definitionTerms } from './core/definition-text.js';
import { neighboursAt, type DefinitionList, type DefinitionPosting, type DefinitionStats } from './core/definition-rank.js';

// Positions kept per document and stem: enough to find a phrase near the start of a long definition.
export const KEPT_POSITIONS = 8;

export interface DefinitionPostings {
  postings: Map<string, DefinitionPosting[]>;
  stats: DefinitionStats;
}

/** Postings of the texts, by document number (a null text is a document without a definition, counted in no list). */
export function definitionPostings(texts: readonly (string | null)[]): DefinitionPostings {
  const postings = new Map<string, DefinitionPosting[]>();
  let total = 0;
  let count = 0;
  texts.forEach((text, document) => {
    if (text === null) return;
    const terms = definitionTerms(text);
    count += 1;
    total += terms.length;
    addPostings(postings, document, terms, KEPT_POSITIONS);
  });
  return { postings, stats: { count, averageLength: count === 0 ? 0 : total / count } };
}

/** Adds one document's entries to the postings: for each of its terms, its posting (see postingOf). */
export function addPostings(postings: Map<string, DefinitionPosting[]>, document: number, terms: readonly string[], keptPositions: number): void {
  for (const [term, list] of termPositions(terms)) {
    const entry = postingOf(document, terms, list, keptPositions);
    const existing = postings.get(term);
    if (existing) existing.push(entry);
    else postings.set(term, [entry]);
  }
}

/**
 * A document's entry in a term's list: the document, its length, the term's count in it, its first `keptPositions`
 * positions and their neighbours (which a file keeps where it lists the term's documents whole).
 */
export function postingOf(document: number, terms: readonly string[], positions: readonly number[], keptPositions: number): DefinitionPosting {
  const kept = positions.slice(0, keptPositions);
  return [document, terms.length, positions.length, ...kept, ...kept.map((at) => neighboursAt(terms, at))];
}

/** Each term's positions in a document. */
export function termPositions(terms: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  terms.forEach((term, position) => {
    const list = positions.get(term);
    if (list) list.push(position);
    else positions.set(term, [position]);
  });
  return positions;
}

/** A term's whole list as the ranking reads it: every posting, and as many documents as there are postings. */
export function wholeList(postings: readonly DefinitionPosting[] | undefined): DefinitionList {
  return { frequency: postings?.length ?? 0, postings: postings ?? [] };
}
