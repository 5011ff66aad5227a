import type { DirectionalLanguage, NamedNode as RdfNamedNode, Quad } from '@rdfjs/types';
import { DataFactory, type Literal, type NamedNode } from 'rdf-data-factory';

/**
 * A data factory for parsers whose terms hold strings of their own, one term object per IRI. Parsers pass
 * values that are slices of the document, and any one slice keeps the whole document text alive (measured
 * on full-scale input: two 35 MB copies of it, a third of the heap once the model is built, for as long as
 * the build holds any label).
 */
export class TermCopier extends DataFactory<Quad> {
  readonly #named = new Map<string, NamedNode>();

  // The site publishes each term's triples: a graph an N-Quads document names is dropped.
  override quad(subject: Quad['subject'], predicate: Quad['predicate'], object: Quad['object']): Quad {
    return super.quad(subject, predicate, object);
  }

  override namedNode<Iri extends string = string>(iri: Iri): NamedNode<Iri> {
    let node = this.#named.get(iri);
    if (node === undefined) {
      node = super.namedNode(ownCopy(iri));
      this.#named.set(node.value, node);
    }
    return node as NamedNode<Iri>;
  }

  override literal(value: string, languageOrDatatype?: string | RdfNamedNode | DirectionalLanguage): Literal {
    return super.literal(ownCopy(value), languageOrDatatype);
  }
}

// Decoded from UTF-8, the copy is made afresh, and in one byte per character where the text allows. Exact for
// any text decoded from a file or a download, which holds no unpaired surrogate (those would become U+FFFD).
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
